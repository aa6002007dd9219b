/** SPEC §5: the album title may not be empty (nothing is saved otherwise). */
export type AlbumTitleError = 'ALBUM_TITLE_REQUIRED' | 'ALBUM_TITLE_TOO_LONG';

/** Generous upper bound; the SPEC only truncates the display at 20 characters. */
const ALBUM_TITLE_MAX = 200;

export function albumTitleError(title: string): AlbumTitleError | null {
  const trimmed = title.trim();
  if (trimmed.length === 0) return 'ALBUM_TITLE_REQUIRED';
  if (trimmed.length > ALBUM_TITLE_MAX) return 'ALBUM_TITLE_TOO_LONG';
  return null;
}
