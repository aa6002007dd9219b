/** SPEC §3: text sizes are in points; the document is in millimetres. */
export const PT_TO_MM = 0.3528;
/** SPEC §9 print defaults: bleed 2 mm around the trimmed spread. */
export const BLEED_MM = 2;

/** Opacity-like props are stored as 0-100 percent (SPEC §5); SVG wants 0-1. */
export function percentToUnit(value: number | undefined, fallback = 100): number {
  const percent = typeof value === 'number' && Number.isFinite(value) ? value : fallback;
  return Math.min(1, Math.max(0, percent / 100));
}
