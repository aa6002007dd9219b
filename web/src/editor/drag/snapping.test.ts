import { describe, expect, it } from 'vitest';
import { snapBox, snapTargets, snapThresholdMm } from './snapping.ts';

const spread = { x: 0, y: 0, width: 460, height: 297 };
const sibling = { x: 100, y: 100, width: 20, height: 20 };

describe('smart guide snapping', () => {
  it('uses a threshold of 5 divided by the zoom', () => {
    expect(snapThresholdMm(1)).toBe(5);
    expect(snapThresholdMm(2)).toBe(2.5);
  });

  it('snaps when the offset is exactly the threshold', () => {
    const targets = snapTargets(spread, [sibling]);
    // The box's left edge (125) is exactly 5 mm right of the sibling's right edge (120); nothing else is closer.
    const result = snapBox({ x: 125, y: 200, width: 2, height: 3 }, targets, { zoom: 1 });
    expect(result.dx).toBe(-5);
    expect(result.guides).toContainEqual({ axis: 'x', position: 120, from: 100, to: 203 });
  });

  it('does not snap beyond the threshold', () => {
    const targets = snapTargets(spread, [sibling]);
    const result = snapBox({ x: 125.1, y: 200, width: 2, height: 3 }, targets, { zoom: 1 });
    expect(result.dx).toBe(0);
    expect(result.guides.filter((guide) => guide.axis === 'x')).toEqual([]);
  });

  it('scales the threshold with the zoom', () => {
    const targets = snapTargets(spread, [sibling]);
    expect(snapBox({ x: 125, y: 200, width: 2, height: 3 }, targets, { zoom: 2 }).dx).toBe(0);
    expect(snapBox({ x: 122.5, y: 200, width: 2, height: 3 }, targets, { zoom: 2 }).dx).toBe(-2.5);
  });

  it('picks the nearest of edges and centres and reports the matching guide', () => {
    const targets = snapTargets(spread, [sibling]);
    // Centre 109 is 1 from the sibling's centre 110; left 99 is 1 from 100 too — both align after snapping.
    const result = snapBox({ x: 99, y: 200, width: 20, height: 3 }, targets, { zoom: 1 });
    expect(result.dx).toBe(1);
    const positions = result.guides.filter((g) => g.axis === 'x').map((g) => g.position);
    expect(positions).toEqual(expect.arrayContaining([100, 110, 120]));
  });

  it('snaps to the spread edges, fold and page centres', () => {
    const targets = snapTargets(spread, []);
    expect(snapBox({ x: 228, y: 50, width: 10, height: 10 }, targets, { zoom: 1 }).dx).toBe(2);
    expect(snapBox({ x: 108, y: 50, width: 10, height: 10 }, targets, { zoom: 1 }).dx).toBe(2);
    expect(snapBox({ x: 300, y: 289, width: 10, height: 5 }, targets, { zoom: 1 }).dy).toBe(3);
  });

  it('snaps to the 5 mm grid where no guide applies', () => {
    const targets = snapTargets(spread, []);
    const result = snapBox({ x: 61.5, y: 72.2, width: 3, height: 3 }, targets, {
      zoom: 10,
      grid: { originX: 0, originY: 0 },
    });
    expect(result.dx).toBeCloseTo(-1.5);
    expect(result.dy).toBeCloseTo(-2.2);
  });
});
