import { describe, expect, it } from 'vitest';
import { filterSteps } from './filters.ts';

const base = { x: 0, y: 0, width: 10, height: 10 };
const palette = ['#000000', '#ffffff'];

describe('filterSteps', () => {
  it('has no steps for an unfiltered image', () => expect(filterSteps(base, palette)).toEqual([]));
  it('folds brightness (rgb), contrast and channel gains into one transfer', () => {
    const [step] = filterSteps({ ...base, filter: { con: 100, rgb: 0, red: 50 } }, palette);
    expect(step).toEqual({ kind: 'transfer', slopes: [3, 2, 2], intercepts: [-0.5, -0.5, -0.5] });
  });
  it('maps sat and hue to saturate and hueRotate', () => {
    expect(filterSteps({ ...base, filter: { sat: -50, hue: 90 } }, palette)).toEqual([
      { kind: 'saturate', value: 0.5 },
      { kind: 'hueRotate', degrees: 90 },
    ]);
  });
  it('tones towards the tint colour by the tone amount', () => {
    const [step] = filterSteps(
      { ...base, filter: { tone: 100, tone_red: 255, tone_green: 0, tone_blue: 0 } },
      palette,
    );
    expect(step.kind).toBe('matrix');
    // Full tone in pure red: green and blue rows are zero, red is the luminance.
    expect(step.kind === 'matrix' && step.values.slice(0, 15)).toEqual([
      0.2126, 0.7152, 0.0722, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    ]);
  });
  it('makes grayscale a zero saturation', () => {
    expect(filterSteps({ ...base, grayscale: true }, palette)).toEqual([{ kind: 'saturate', value: 0 }]);
  });
  it('builds gradient-map tables from palette and colour stops, with the intensity', () => {
    expect(filterSteps({ ...base, gradientMap: [0, '#ff8000'], gradientMapIntensity: 40 }, palette)).toEqual([
      {
        kind: 'gradientMap',
        tables: [
          [0, 1],
          [0, 0.502],
          [0, 0],
        ],
        intensity: 0.4,
      },
    ]);
  });
  it('skips a gradient map with fewer than two colours or no intensity', () => {
    expect(filterSteps({ ...base, gradientMap: ['#fff'] }, palette)).toEqual([]);
    expect(filterSteps({ ...base, gradientMap: [0, 1], gradientMapIntensity: 0 }, palette)).toEqual([]);
  });
});
