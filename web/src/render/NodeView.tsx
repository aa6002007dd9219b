import { memo } from 'react';
import { useNode } from './RenderContext.tsx';
import { useElementViews } from './ElementViewRegistry.ts';

/**
 * One element, subscribed to its own node: when another element moves, this view is not rendered
 * at all; when this one moves, only its frame is (the content is memoised).
 */
export const NodeView = memo(function NodeView({ id }: { id: string }) {
  const node = useNode(id);
  const views = useElementViews();
  const Element = node ? views[node.type] : undefined;
  return node && Element ? <Element node={node} /> : null;
});
