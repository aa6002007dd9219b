/**
 * Albums this tab is leaving on purpose ("Leave album" in the album settings). The server then closes the
 * album's open editors with ACCESS_LOST; the editor in this tab expected that and does not report it.
 */
const leaving = new Set<string>();

/** Marks the album as being left; the returned function undoes it (the leave failed). */
export function expectAccessLoss(albumId: string): () => void {
  leaving.add(albumId);
  return () => leaving.delete(albumId);
}

export const isLeaving = (albumId: string) => leaving.has(albumId);

/** A new editor session of the album reports lost access again. */
export const forgetLeaving = (albumId: string) => void leaving.delete(albumId);
