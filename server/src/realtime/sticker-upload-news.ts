/**
 * The owner's panel hears of a new or changed sticker link upload at once (issue 22 item 9), instead of at its next
 * 30 s poll (SPEC §4, which stays as the fallback): the sticker link's public routes and the image job say here that
 * an album's uploads changed, and realtime (index.ts) tells the album's open editors with `sticker_uploads_changed`,
 * whose sticker link panel then reads GET /albums/:id/sticker_uploads again. The event names the album only: what
 * was sent is read through that route, with its access check.
 *
 * Per process. With REDIS_URL the room event reaches the editors on every instance; a `--worker-only` process has
 * no sockets, so a face its image job finds is seen at the panel's next poll. It lives beside the event it feeds, on
 * the realtime floor, so the sticker link and the image job both reach it downhill.
 */
type Listener = (albumId: string) => void;

const listeners = new Set<Listener>();

/** Calls `listener` with the album id whenever that album's sticker link uploads changed; returns the unsubscribe. */
export function onStickerUploadsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** An upload of the album arrived, was replaced, merged or deleted, or its photo's face and variants are ready. */
export function stickerUploadsChanged(albumId: string): void {
  for (const listener of listeners) {
    try {
      listener(albumId);
    } catch (error) {
      // A listener's failure must not fail the submission or the job that caused the news.
      console.error('[sticker link live]', error);
    }
  }
}
