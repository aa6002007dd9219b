import type { ElementProps } from '@stickerbook/model';
import { resolveColor } from '../paint.ts';
import { parseRgb } from './color.ts';

/**
 * Image adjustments as SVG filter primitives (DESIGN.md: filters, gradient maps and grayscale are SVG
 * filters). Value ranges, as the editor's sliders store them: con, rgb (brightness), red, green, blue,
 * sat and tone from -100 to 100 with 0 neutral; hue in degrees; tone_red/green/blue 0-255 (the tint,
 * default sepia); gradientMapIntensity 0-100.
 */
export type FilterStep =
  | { kind: 'transfer'; slopes: [number, number, number]; intercepts: [number, number, number] }
  | { kind: 'saturate'; value: number }
  | { kind: 'hueRotate'; degrees: number }
  | { kind: 'matrix'; values: number[] }
  | { kind: 'gradientMap'; tables: [number[], number[], number[]]; intensity: number };

const LUMA = [0.2126, 0.7152, 0.0722];
const DEFAULT_TINT = [255, 221, 170];

export function filterSteps(p: ElementProps, palette: readonly string[]): FilterStep[] {
  const f = p.filter ?? {};
  const value = (key: string) => (typeof f[key] === 'number' && Number.isFinite(f[key]) ? f[key] : 0);
  const steps: FilterStep[] = [];

  const brightness = 1 + value('rgb') / 100;
  const contrast = 1 + value('con') / 100;
  const channels = [value('red'), value('green'), value('blue')].map((v) => 1 + v / 100);
  if (brightness !== 1 || contrast !== 1 || channels.some((c) => c !== 1)) {
    // Brightness and channel gain multiply; contrast then pivots around mid-grey.
    const slopes = channels.map((c) => contrast * brightness * c) as [number, number, number];
    const intercept = 0.5 * (1 - contrast);
    steps.push({ kind: 'transfer', slopes, intercepts: [intercept, intercept, intercept] });
  }
  if (value('sat') !== 0) steps.push({ kind: 'saturate', value: Math.max(0, 1 + value('sat') / 100) });
  if (value('hue') !== 0) steps.push({ kind: 'hueRotate', degrees: value('hue') });
  const tone = Math.min(1, Math.abs(value('tone')) / 100);
  if (tone > 0) {
    const tint = ['tone_red', 'tone_green', 'tone_blue'].map(
      (k, i) => (k in f ? value(k) : DEFAULT_TINT[i]) / 255,
    );
    steps.push({ kind: 'matrix', values: toneMatrix(tone, tint) });
  }
  if (p.grayscale) steps.push({ kind: 'saturate', value: 0 });

  const mapColors = (p.gradientMap ?? [])
    .map((c) => resolveColor(c, palette))
    .map((c) => (c ? parseRgb(c) : undefined))
    .filter((c): c is [number, number, number] => c !== undefined);
  const intensity = Math.min(1, Math.max(0, (p.gradientMapIntensity ?? 100) / 100));
  if (mapColors.length >= 2 && intensity > 0) {
    const tables = [0, 1, 2].map((ch) => mapColors.map((c) => round(c[ch]))) as [
      number[],
      number[],
      number[],
    ];
    steps.push({ kind: 'gradientMap', tables, intensity });
  }
  return steps;
}

/** Blend each pixel towards its luminance tinted by `tint`, by `amount` (sepia-style toning). */
function toneMatrix(amount: number, tint: number[]): number[] {
  const rows: number[] = [];
  for (let ch = 0; ch < 3; ch++) {
    const row = LUMA.map((l, i) => round(amount * tint[ch] * l + (i === ch ? 1 - amount : 0)));
    rows.push(...row, 0, 0);
  }
  rows.push(0, 0, 0, 1, 0);
  return rows;
}

export const LUMINANCE_MATRIX = [...LUMA, 0, 0, ...LUMA, 0, 0, ...LUMA, 0, 0, 0, 0, 0, 1, 0];

function round(n: number): number {
  return Math.round(n * 10000) / 10000;
}
