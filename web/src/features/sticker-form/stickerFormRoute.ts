/**
 * Where the sticker form is: /album/{id}/stickers?sticker=<id> edits a sticker, ?sticker=new adds one (optionally
 * into ?section=<id>, or straight into the empty cell ?cell=<id> that was double-clicked). A URL, so the canvas
 * (double-click on a cell, SPEC §2) and the toolbar can open it, and back closes it.
 */
export interface StickerFormTarget {
  stickerId: string | 'new';
  sectionId?: string;
  cellId?: string;
}

export function stickerFormTarget(params: URLSearchParams): StickerFormTarget | null {
  const stickerId = params.get('sticker');
  if (!stickerId) return null;
  return {
    stickerId,
    sectionId: params.get('section') ?? undefined,
    cellId: params.get('cell') ?? undefined,
  };
}

export function stickerFormPath(albumId: string, target: StickerFormTarget): string {
  const params = new URLSearchParams({ sticker: target.stickerId });
  if (target.sectionId) params.set('section', target.sectionId);
  if (target.cellId) params.set('cell', target.cellId);
  return `/album/${encodeURIComponent(albumId)}/stickers?${params.toString()}`;
}
