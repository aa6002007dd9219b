import { memo, useDeferredValue, useState, type ReactNode } from 'react';
import { SPREAD_HEIGHT_MM, SPREAD_WIDTH_MM, PAGE_WIDTH_MM, type Fill } from '@stickerbook/model';
import {
  ImageVariantContext,
  RenderOptionsContext,
  svgId,
  useChildIds,
  useImageVariant,
  useNode,
  useRenderOptions,
  type RenderOptions,
} from './RenderContext.tsx';
import type { ImageVariant } from './variant.ts';
import { paintValue, resolvePaint } from './paint.ts';
import { PaintDef } from './PaintDef.tsx';
import { NodeView } from './NodeView.tsx';
import { BLEED_MM } from './units.ts';

/**
 * One spread in spread coordinates (0..460 x 0..297 mm): its fill, which reaches into the bleed, then
 * its elements in child order (alwaysOnTop last). `showGuides` draws the trim and fold lines.
 *
 * `hidden` keeps the spread mounted but not drawn (`display: none`), so the editor can take a spread out of view
 * and back without unmounting and mounting its elements (a zoom in from the whole album). A hidden spread keeps
 * the render options it was last shown with, so a new image tier re-renders only the spreads in view; it takes
 * the current ones in a deferred render after it is shown again.
 */
export const SpreadContent = memo(function SpreadContent({
  spreadId,
  showGuides = false,
  hidden = false,
}: {
  spreadId: string;
  showGuides?: boolean;
  hidden?: boolean;
}) {
  return (
    <g data-spread-id={spreadId} display={hidden ? 'none' : undefined}>
      <OptionsWhileShown hidden={hidden}>
        <SpreadElements spreadId={spreadId} showGuides={showGuides} />
      </OptionsWhileShown>
    </g>
  );
});

const SpreadElements = memo(function SpreadElements({
  spreadId,
  showGuides,
}: {
  spreadId: string;
  showGuides: boolean;
}) {
  const spread = useNode(spreadId);
  const childIds = useChildIds(spreadId);
  if (!spread) return null;
  return (
    <>
      <SpreadFill spreadId={spreadId} fill={spread.props.fill as Fill | undefined} />
      {childIds.map((id) => (
        <NodeView key={id} id={id} />
      ))}
      {showGuides && <Guides />}
    </>
  );
});

function OptionsWhileShown({ hidden, children }: { hidden: boolean; children: ReactNode }) {
  const options = useRenderOptions();
  const variant = useImageVariant();
  // Shown again: the first frame draws the spread as it was; the new options follow in a deferred render.
  const settledHidden = useDeferredValue(hidden);
  const [shown, setShown] = useState<{ options: RenderOptions; variant: ImageVariant }>({ options, variant });
  if (!hidden && !settledHidden && (shown.options !== options || shown.variant !== variant))
    setShown({ options, variant });
  return (
    <RenderOptionsContext.Provider value={shown.options}>
      <ImageVariantContext.Provider value={shown.variant}>{children}</ImageVariantContext.Provider>
    </RenderOptionsContext.Provider>
  );
}

const SpreadFill = memo(function SpreadFill({
  spreadId,
  fill,
}: {
  spreadId: string;
  fill: Fill | undefined;
}) {
  const options = useRenderOptions();
  const paint = resolvePaint(fill ?? '#ffffff', options.colors);
  const id = svgId(options, spreadId, 'fill');
  const width = SPREAD_WIDTH_MM + 2 * BLEED_MM;
  const height = SPREAD_HEIGHT_MM + 2 * BLEED_MM;
  return (
    <g transform={`translate(${-BLEED_MM} ${-BLEED_MM})`}>
      <defs>
        <PaintDef id={id} paint={paint} width={width} height={height} />
      </defs>
      <rect width={width} height={height} fill={paintValue(paint, id)} data-spread-fill />
    </g>
  );
});

function Guides() {
  return (
    <g
      fill="none"
      stroke="#fa5252"
      strokeWidth={0.25}
      strokeDasharray="2 1.5"
      pointerEvents="none"
      data-guides
    >
      <rect width={SPREAD_WIDTH_MM} height={SPREAD_HEIGHT_MM} />
      <line x1={PAGE_WIDTH_MM} y1={0} x2={PAGE_WIDTH_MM} y2={SPREAD_HEIGHT_MM} stroke="#adb5bd" />
    </g>
  );
}
