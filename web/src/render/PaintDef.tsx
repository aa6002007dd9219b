import { gradientLine, type ResolvedPaint } from './paint.ts';

/** The <linearGradient> a gradient paint refers to; nothing for solid colours. */
export function PaintDef({
  id,
  paint,
  width,
  height,
}: {
  id: string;
  paint: ResolvedPaint;
  width: number;
  height: number;
}) {
  if (paint.kind !== 'linear') return null;
  const line = gradientLine(paint.direction, width, height);
  const last = paint.colors.length - 1;
  return (
    <linearGradient id={id} gradientUnits="userSpaceOnUse" {...line}>
      {paint.colors.map((color, i) => (
        <stop key={i} offset={i / last} stopColor={color} />
      ))}
    </linearGradient>
  );
}
