import type { ElementViews } from './ElementViewRegistry.ts';
import { RectangleEl } from './elements/RectangleEl.tsx';
import { CircleEl } from './elements/CircleEl.tsx';
import { LineEl } from './elements/LineEl.tsx';
import { TextEl } from './elements/TextEl.tsx';
import { ImageEl } from './elements/ImageEl.tsx';
import { GroupEl } from './elements/GroupEl.tsx';
import { StickerCellEl } from './elements/StickerCellEl.tsx';
import { CommentEl } from './elements/CommentEl.tsx';

/** One view per element type (DESIGN.md "One renderer, three uses"); sections and spreads are not elements. */
export const ELEMENT_VIEWS: ElementViews = {
  Rectangle: RectangleEl,
  Circle: CircleEl,
  Line: LineEl,
  Text: TextEl,
  Image: ImageEl,
  Group: GroupEl,
  StickerCell: StickerCellEl,
  Comment: CommentEl,
};
