import type { ElementProps } from '@stickerbook/model';
import { resolvePaint, paintValue } from '../paint.ts';
import { PaintDef } from '../PaintDef.tsx';
import { svgId, type RenderOptions } from '../RenderContext.tsx';
import { percentToUnit } from '../units.ts';

/** Fill and stroke attributes (palette, colour or gradient) plus the gradient definitions they need. */
export function shapePaint(options: RenderOptions, id: string, p: ElementProps) {
  const width = p.width ?? 0;
  const height = p.height ?? 0;
  const fill = resolvePaint(p.fill, options.colors);
  const stroke = resolvePaint(p.stroke, options.colors);
  const fillId = svgId(options, id, 'fill');
  const strokeId = svgId(options, id, 'stroke');
  const strokeWidth = p.strokeWidth ?? 0;
  const hasStroke = stroke.kind !== 'none' && strokeWidth > 0;
  const defs =
    fill.kind === 'linear' || stroke.kind === 'linear' ? (
      <defs>
        <PaintDef id={fillId} paint={fill} width={width} height={height} />
        <PaintDef id={strokeId} paint={stroke} width={width} height={height} />
      </defs>
    ) : null;
  return {
    defs,
    attrs: {
      fill: paintValue(fill, fillId),
      fillOpacity: p.fillOpacity === undefined ? undefined : percentToUnit(p.fillOpacity),
      stroke: hasStroke ? paintValue(stroke, strokeId) : undefined,
      strokeWidth: hasStroke ? strokeWidth : undefined,
    },
  };
}

/** SPEC §5 border radius 0-50: a percentage of the shorter side, so 50 makes a circle or pill. */
export function cornerRadius(p: ElementProps): number {
  const percent = Math.min(50, Math.max(0, p.borderRadius ?? 0));
  return (Math.min(p.width ?? 0, p.height ?? 0) * percent) / 100;
}
