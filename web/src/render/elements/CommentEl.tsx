import { memo } from 'react';
import { ElementFrame, type ContentProps, type ElProps } from '../ElementFrame.tsx';
import { useRenderOptions } from '../RenderContext.tsx';
import { sameContent } from '../transform.ts';

const MARKER_MM = 8;

/** An editor-only marker (a speech bubble at the comment's position); never printed. */
const CommentContent = memo(function CommentContent({ props }: ContentProps) {
  const resolved = typeof props.completed === 'boolean' && props.completed ? '#adb5bd' : '#fab005';
  return (
    <g data-comment-marker>
      <path
        d={`M0 0h${MARKER_MM}v${MARKER_MM * 0.7}h-${MARKER_MM * 0.55}l-${MARKER_MM * 0.3} ${MARKER_MM * 0.3}v-${MARKER_MM * 0.3}h-${MARKER_MM * 0.15}z`}
        fill={resolved}
        stroke="#ffffff"
        strokeWidth={0.4}
        strokeLinejoin="round"
      />
      <path d={`M1.6 1.8h4.8M1.6 3.4h3.2`} stroke="#ffffff" strokeWidth={0.6} strokeLinecap="round" />
    </g>
  );
}, sameContent);

export function CommentEl({ node }: ElProps) {
  const { printMode } = useRenderOptions();
  if (printMode) return null;
  return (
    <ElementFrame node={{ ...node, props: { ...node.props, rotation: 0, scale: 1, flip: undefined } }}>
      <CommentContent id={node.id} props={node.props} />
    </ElementFrame>
  );
}
