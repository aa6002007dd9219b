import { memo, type ComponentType } from 'react';
import type { NodeType } from '@stickerbook/model';
import type { ElProps } from './ElementFrame.tsx';
import { useNode } from './RenderContext.tsx';
import { RectangleEl } from './elements/RectangleEl.tsx';
import { CircleEl } from './elements/CircleEl.tsx';
import { LineEl } from './elements/LineEl.tsx';
import { TextEl } from './elements/TextEl.tsx';
import { ImageEl } from './elements/ImageEl.tsx';
import { GroupEl } from './elements/GroupEl.tsx';
import { StickerCellEl } from './elements/StickerCellEl.tsx';
import { CommentEl } from './elements/CommentEl.tsx';

export const ELEMENT_COMPONENTS: Partial<Record<NodeType, ComponentType<ElProps>>> = {
  Rectangle: RectangleEl,
  Circle: CircleEl,
  Line: LineEl,
  Text: TextEl,
  Image: ImageEl,
  Group: GroupEl,
  StickerCell: StickerCellEl,
  Comment: CommentEl,
};

/**
 * One element, subscribed to its own node: when another element moves, this view is not rendered
 * at all; when this one moves, only its frame is (the content is memoised).
 */
export const NodeView = memo(function NodeView({ id }: { id: string }) {
  const node = useNode(id);
  const Element = node ? ELEMENT_COMPONENTS[node.type] : undefined;
  return node && Element ? <Element node={node} /> : null;
});
