import type { Fill } from '@stickerbook/model';

export type ResolvedPaint =
  | { kind: 'none' }
  | { kind: 'solid'; color: string }
  | { kind: 'linear'; colors: string[]; direction: number };

/** A palette index (into settings.colors) or a CSS colour string; unknown indices give undefined. */
export function resolveColor(
  color: number | string | undefined | null,
  palette: readonly string[],
): string | undefined {
  if (typeof color === 'number') return palette[color];
  if (typeof color === 'string' && color.trim() !== '') return color;
  return undefined;
}

export function resolvePaint(fill: Fill | undefined | null, palette: readonly string[]): ResolvedPaint {
  if (fill === undefined || fill === null) return { kind: 'none' };
  if (typeof fill === 'object') {
    const colors = fill.colors
      .map((c) => resolveColor(c, palette))
      .filter((c): c is string => c !== undefined);
    if (colors.length === 0) return { kind: 'none' };
    if (colors.length === 1) return { kind: 'solid', color: colors[0] };
    return { kind: 'linear', colors: colors.slice(0, 4), direction: fill.direction ?? 0 };
  }
  const color = resolveColor(fill, palette);
  return color === undefined ? { kind: 'none' } : { kind: 'solid', color };
}

/**
 * Gradient line for a w x h box in user space, with CSS linear-gradient geometry so the angle is
 * not distorted on non-square boxes: 0 degrees runs left to right, angles turn clockwise (y points down).
 */
export function gradientLine(direction: number, width: number, height: number) {
  const rad = (direction * Math.PI) / 180;
  const dx = Math.cos(rad);
  const dy = Math.sin(rad);
  const half = (Math.abs(width * dx) + Math.abs(height * dy)) / 2;
  const cx = width / 2;
  const cy = height / 2;
  return { x1: cx - dx * half, y1: cy - dy * half, x2: cx + dx * half, y2: cy + dy * half };
}

/** The value for an SVG fill/stroke attribute; gradients reference their <linearGradient id>. */
export function paintValue(paint: ResolvedPaint, gradientId: string): string {
  if (paint.kind === 'none') return 'none';
  if (paint.kind === 'solid') return paint.color;
  return `url(#${gradientId})`;
}
