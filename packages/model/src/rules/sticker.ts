import { STICKER_NAME_MAX, STICKER_POSITION_MAX } from '../constants.ts';

export type StickerFieldError =
  'STICKER_NAME_REQUIRED' | 'STICKER_NAME_TOO_LONG' | 'STICKER_POSITION_TOO_LONG';

export interface StickerFormValues {
  name: string;
  position: string;
  doubleSticker: boolean;
}

/**
 * SPEC §5: name and position at most 30 characters; a sticker without a name that is not a double sticker is an
 * error ('Name muss ausgefüllt werden' in German — the UI maps STICKER_NAME_REQUIRED to that text).
 * Double stickers (team photos, logos) may go without a name.
 */
export function stickerErrors(
  values: StickerFormValues,
): Partial<Record<'name' | 'position', StickerFieldError>> {
  const errors: Partial<Record<'name' | 'position', StickerFieldError>> = {};
  const name = values.name.trim();
  if (name.length === 0 && !values.doubleSticker) errors.name = 'STICKER_NAME_REQUIRED';
  else if (name.length > STICKER_NAME_MAX) errors.name = 'STICKER_NAME_TOO_LONG';
  if (values.position.trim().length > STICKER_POSITION_MAX) errors.position = 'STICKER_POSITION_TOO_LONG';
  return errors;
}
