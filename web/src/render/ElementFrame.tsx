import type { CSSProperties, ReactNode } from 'react';
import type { DocNode, ElementProps } from '@stickerbook/model';
import { elementTransform } from './transform.ts';
import { percentToUnit } from './units.ts';

/**
 * The positioned container of an element (DESIGN.md "One renderer, three uses"): placement, opacity
 * and blend mode live here, so moving an element re-renders this <g> but not its memoised content.
 * The blend mode sits on the outer group so it mixes with the spread below, not only inside the group.
 */
export function ElementFrame({ node, children }: { node: DocNode; children: ReactNode }) {
  const p = node.props as ElementProps;
  const style: CSSProperties | undefined = p.blend
    ? { mixBlendMode: p.blend as CSSProperties['mixBlendMode'] }
    : undefined;
  return (
    <g
      transform={elementTransform(p)}
      opacity={p.opacity === undefined ? undefined : percentToUnit(p.opacity)}
      style={style}
      data-node-id={node.id}
      data-node-type={node.type}
    >
      {children}
    </g>
  );
}

/**
 * The selector of an element's frame as drawn above (`g[data-node-id="…"]`), for the editor's direct DOM reads and
 * writes (a drag's transform, a move drawn before React, the in-place editors). Prefix `[data-editor-spread]` to
 * leave out other drawings of the same element, such as a page thumbnail.
 */
export function elementFrameSelector(id: string): string {
  return `g[data-node-id="${id.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"]`;
}

/** What every memoised content component receives. */
export interface ContentProps {
  id: string;
  props: Record<string, unknown>;
}

export interface ElProps {
  node: DocNode;
}
