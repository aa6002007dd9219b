/**
 * The SPEC §7 product events that need a decision (which event, which properties) at their call sites, so each
 * site in the product stays a one-line call. Simple sites call `track` directly.
 */
import type { SpreadAction } from '@stickerbook/model';
import { useEffect } from 'react';
import type { Editor } from '../editor/Editor.ts';
import { track } from './app.ts';

/** The sticker form saved: a new sticker (maybe straight into the cell it was opened from) or a new photo. */
export function trackStickerSaved(
  before: { image?: string | null } | undefined,
  after: { image?: string | null },
  cellId: string | undefined,
): void {
  if (!before) {
    track('Sticker Created', { source: 'form', with_image: Boolean(after.image), in_cell: Boolean(cellId) });
    if (cellId) track('Sticker Placed', { target: 'cell', source: 'form' });
    return;
  }
  if (before.image && after.image && before.image !== after.image) {
    track('Image Replaced', { via: 'sticker_form' });
  }
}

/** The spread creation modal made a spread: its layout, a sticker per photo, background photos in its slots. */
export function trackSpreadCreatedFromLayout(layoutId: string, stickers: number, backgrounds: number): void {
  track('Spread Created', { source: 'creation_modal', layout: layoutId, stickers, backgrounds });
  if (stickers > 0) track('Sticker Created', { source: 'creation_modal', count: stickers });
  if (backgrounds > 0) track('Background Image Placed', { source: 'creation_modal', count: backgrounds });
}

/** A spread meta-bar action that went through. */
export function trackSpreadAction(action: SpreadAction): void {
  if (action === 'delete') track('Spread Deleted');
  else if (action === 'moveUp' || action === 'moveDown') track('Spread Updated', { change: 'order' });
  else track('Spread Created', { source: action });
}

/** Element Created for each element drawn with a tool of the tool menu (the engine emits, we listen). */
export function useElementCreatedTracking(editor: Editor): void {
  useEffect(() => editor.elementCreated.on(({ type }) => track('Element Created', { type })), [editor]);
}
