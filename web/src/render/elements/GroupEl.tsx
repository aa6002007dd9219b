import { memo } from 'react';
import { ElementFrame, type ContentProps, type ElProps } from '../ElementFrame.tsx';
import { useChildIds } from '../RenderContext.tsx';
import { sameContent } from '../transform.ts';
import { NodeView } from '../NodeView.tsx';

/** Children are placed relative to the group's origin; the group's frame moves, turns and scales them all. */
const GroupContent = memo(function GroupContent({ id }: ContentProps) {
  const childIds = useChildIds(id);
  return (
    <>
      {childIds.map((childId) => (
        <NodeView key={childId} id={childId} />
      ))}
    </>
  );
}, sameContent);

export function GroupEl({ node }: ElProps) {
  return (
    <ElementFrame node={node}>
      <GroupContent id={node.id} props={node.props} />
    </ElementFrame>
  );
}
