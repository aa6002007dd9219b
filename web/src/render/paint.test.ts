import { describe, expect, it } from 'vitest';
import { gradientLine, paintValue, resolveColor, resolvePaint } from './paint.ts';

const palette = ['#000000', '#ffffff', '#ff0000'];

describe('resolveColor', () => {
  it('looks palette indices up in settings.colors', () => expect(resolveColor(2, palette)).toBe('#ff0000'));
  it('passes colour strings through', () =>
    expect(resolveColor('rgb(1, 2, 3)', palette)).toBe('rgb(1, 2, 3)'));
  it('gives undefined for an index outside the palette and for empty strings', () => {
    expect(resolveColor(9, palette)).toBeUndefined();
    expect(resolveColor('', palette)).toBeUndefined();
  });
});

describe('resolvePaint', () => {
  it('makes no paint of a missing fill', () =>
    expect(resolvePaint(undefined, palette)).toEqual({ kind: 'none' }));
  it('makes a solid paint of an index or a colour', () => {
    expect(resolvePaint(1, palette)).toEqual({ kind: 'solid', color: '#ffffff' });
    expect(resolvePaint('#123456', palette)).toEqual({ kind: 'solid', color: '#123456' });
  });
  it('resolves gradient stops that mix indices and colours', () => {
    expect(resolvePaint({ type: 'linear', colors: [0, '#00ff00', 2], direction: 45 }, palette)).toEqual({
      kind: 'linear',
      colors: ['#000000', '#00ff00', '#ff0000'],
      direction: 45,
    });
  });
  it('keeps at most four gradient colours', () => {
    const paint = resolvePaint({ type: 'linear', colors: [0, 1, 2, '#111', '#222'], direction: 0 }, palette);
    expect(paint.kind === 'linear' && paint.colors).toHaveLength(4);
  });
  it('turns a gradient with one usable colour into a solid paint', () => {
    expect(resolvePaint({ type: 'linear', colors: [2, 7], direction: 0 }, palette)).toEqual({
      kind: 'solid',
      color: '#ff0000',
    });
  });
  it('references gradients by id', () => {
    expect(paintValue({ kind: 'linear', colors: ['#000', '#fff'], direction: 0 }, 'g1')).toBe('url(#g1)');
    expect(paintValue({ kind: 'none' }, 'g1')).toBe('none');
  });
});

describe('gradientLine', () => {
  it('runs left to right at 0 degrees across the whole width', () => {
    expect(gradientLine(0, 100, 50)).toEqual({ x1: 0, y1: 25, x2: 100, y2: 25 });
  });
  it('runs top to bottom at 90 degrees', () => {
    const line = gradientLine(90, 100, 50);
    expect(line.x1).toBeCloseTo(50);
    expect(line.y1).toBeCloseTo(0);
    expect(line.y2).toBeCloseTo(50);
  });
});
