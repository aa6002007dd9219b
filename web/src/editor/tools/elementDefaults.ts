/**
 * Props of elements created with a tool (SPEC §9): text 100 x 20 with one paragraph of 11 pt, line height
 * 150 %, black; circle and rectangle 100 x 100; line 100 x 1; sticker cell 50 x 70. The comment size is ours
 * (SPEC gives none): it matches the renderer's 8 mm marker. Shapes take the album's primary colour (palette
 * index 2) so a new shape matches the album's style.
 */
import {
  DEFAULT_ELEMENT_SIZE_MM,
  NEW_TEXT_DEFAULTS,
  PALETTE_ROLE_INDEX,
  STICKER_CELL_MM,
  type RichText,
} from '@stickerbook/model';

export type CreatableType = 'Text' | 'Circle' | 'Rectangle' | 'Line' | 'StickerCell' | 'Comment';

const COMMENT_SIZE_MM = { width: 8, height: 8 } as const;

const CREATE_SIZES_MM: Record<CreatableType, { width: number; height: number }> = {
  Text: DEFAULT_ELEMENT_SIZE_MM.Text,
  Circle: DEFAULT_ELEMENT_SIZE_MM.Circle,
  Rectangle: DEFAULT_ELEMENT_SIZE_MM.Rectangle,
  Line: DEFAULT_ELEMENT_SIZE_MM.Line,
  StickerCell: STICKER_CELL_MM,
  Comment: COMMENT_SIZE_MM,
};

export function newParagraph(text: string): RichText {
  return {
    blocks: [
      {
        lineHeight: NEW_TEXT_DEFAULTS.lineHeightPercent,
        spans: [{ text, styles: [`SIZE-${NEW_TEXT_DEFAULTS.fontSize}`, `COLOR-${NEW_TEXT_DEFAULTS.color}`] }],
      },
    ],
  };
}

export interface CreateContext {
  /** Initial text of a new text element (the UI passes a translated placeholder). */
  defaultText: string;
  userId?: string;
}

/** Props of a new element whose box is centred on `centre` (spread coordinates). */
export function defaultProps(type: CreatableType, centre: { x: number; y: number }, context: CreateContext) {
  const { width, height } = CREATE_SIZES_MM[type];
  const box = { x: centre.x - width / 2, y: centre.y - height / 2, width, height };
  switch (type) {
    case 'Text':
      return { ...box, text: newParagraph(context.defaultText) };
    case 'Circle':
    case 'Rectangle':
      return { ...box, fill: PALETTE_ROLE_INDEX.primary };
    case 'Line':
      return { ...box, stroke: '#000000' };
    case 'StickerCell':
      return box;
    case 'Comment':
      return { ...box, text: newParagraph(''), ...(context.userId ? { userId: context.userId } : {}) };
  }
}
