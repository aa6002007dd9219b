import { applyPatches, getNode } from '@stickerbook/model';
import { describe, expect, it } from 'vitest';
import { blankDoc, CONTENT_Y, withElements, withGroup } from '../test-support.ts';
import { boxPoint, handleAt, handlePositions, selectionFrame } from './frame.ts';
import { resizeBox, resizePatches } from './resize.ts';
import { frameCentre, rotatePatches, rotationDelta } from './rotate.ts';
import { scaleFactor, scalePatches } from './scale.ts';

const close = (p: { x: number; y: number }, q: { x: number; y: number }) => {
  expect(p.x).toBeCloseTo(q.x, 6);
  expect(p.y).toBeCloseTo(q.y, 6);
};

describe('selection frame and handles', () => {
  it('turns the frame of a single rotated element with it', () => {
    const doc = withElements(blankDoc(), [{ id: 'r', x: 100, y: 100, width: 40, height: 20, rotation: 30 }]);
    const frame = selectionFrame(doc, ['r'])!;
    expect(frame.rotation).toBeCloseTo(30);
    expect(frame.width).toBeCloseTo(40);
    expect(frame.height).toBeCloseTo(20);
    close(frameCentre(frame), { x: 120, y: CONTENT_Y + 110 });
  });

  it('frames elements of different rotations axis-aligned around all their corners', () => {
    const doc = withElements(blankDoc(), [
      { id: 'a', x: 0, y: 0, width: 10, height: 10 },
      { id: 'b', x: 50, y: 50, width: 10, height: 10, rotation: 45 },
    ]);
    const frame = selectionFrame(doc, ['a', 'b'])!;
    expect(frame.rotation).toBe(0);
    expect(frame.x).toBeCloseTo(0);
    expect(frame.x + frame.width).toBeCloseTo(55 + 5 * Math.SQRT2);
  });

  it('finds handles by screen distance, the rotate handle above the top edge', () => {
    const frame = { x: 0, y: 0, width: 100, height: 50, rotation: 0 };
    const positions = handlePositions(frame, 2);
    close(positions.rotate, { x: 50, y: -12 });
    expect(handleAt(frame, 2, { x: 101, y: 51 }, 4)).toBe('se');
    expect(handleAt(frame, 2, { x: 50, y: 25 }, 4)).toBeUndefined();
  });
});

describe('resize handles', () => {
  it('keeps the opposite corner fixed when resizing a rotated element', () => {
    const box = { x: 100, y: 100, width: 40, height: 20, rotation: 30 };
    const fixed = boxPoint(box, { x: 0, y: 0 });
    const pointer = { x: 200, y: 180 };
    const next = resizeBox(box, 'se', pointer);
    close(boxPoint(next, { x: 0, y: 0 }), fixed);
    // The dragged corner follows the pointer exactly (projected on the turned axes it is the new size).
    close(boxPoint(next, { x: next.width, y: next.height }), pointer);
  });

  it('keeps the opposite edge fixed for an edge handle and leaves the other side alone', () => {
    const box = { x: 0, y: 0, width: 40, height: 20, rotation: 90 };
    const next = resizeBox(box, 'e', boxPoint(box, { x: 60, y: 10 }));
    expect(next.width).toBeCloseTo(60);
    expect(next.height).toBeCloseTo(20);
    close(boxPoint(next, { x: 0, y: 10 }), boxPoint(box, { x: 0, y: 10 }));
  });

  it('keeps the aspect ratio with shift', () => {
    const box = { x: 0, y: 0, width: 40, height: 20, rotation: 0 };
    const next = resizeBox(box, 'se', { x: 100, y: 25 }, { keepAspect: true });
    expect(next.width / next.height).toBeCloseTo(2);
    expect(next.width).toBeCloseTo(100);
    const edge = resizeBox(box, 'e', { x: 80, y: 10 }, { keepAspect: true });
    expect(edge.height).toBeCloseTo(40);
  });

  it('turns a rotated element into the resized box without moving its fixed corner', () => {
    const doc = withElements(blankDoc(), [{ id: 'r', x: 100, y: 100, width: 40, height: 20, rotation: 30 }]);
    const frame = selectionFrame(doc, ['r'])!;
    const to = resizeBox(frame, 'se', { x: 200, y: CONTENT_Y + 180 });
    const next = applyPatches(doc, resizePatches(doc, ['r'], frame, to));
    const after = selectionFrame(next, ['r'])!;
    close(boxPoint(after, { x: 0, y: 0 }), boxPoint(frame, { x: 0, y: 0 }));
    expect(after.width).toBeCloseTo(to.width);
    expect(getNode(next, 'r')!.props.rotation).toBeCloseTo(30);
  });

  it('scales every element of a multi-selection with the frame', () => {
    const doc = withElements(blankDoc(), [
      { id: 'a', x: 0, y: 0, width: 10, height: 10 },
      { id: 'b', x: 30, y: 0, width: 10, height: 10 },
    ]);
    const frame = selectionFrame(doc, ['a', 'b'])!;
    const to = resizeBox(frame, 'e', { x: 80, y: CONTENT_Y + 5 });
    const next = applyPatches(doc, resizePatches(doc, ['a', 'b'], frame, to));
    expect(getNode(next, 'a')!.props).toMatchObject({ x: 0, width: 20, height: 10 });
    expect(getNode(next, 'b')!.props).toMatchObject({ x: 60, width: 20 });
  });

  it("scales a group's children with the group", () => {
    let doc = withElements(blankDoc(), [
      { id: 'a', x: 0, y: 0, width: 10, height: 10 },
      { id: 'b', x: 30, y: 0, width: 10, height: 10 },
    ]);
    doc = withGroup(doc, ['a', 'b'], 'g');
    const frame = selectionFrame(doc, ['g'])!;
    const to = resizeBox(frame, 's', { x: 20, y: CONTENT_Y + 20 });
    const next = applyPatches(doc, resizePatches(doc, ['g'], frame, to));
    expect(getNode(next, 'g')!.props).toMatchObject({ height: 20 });
    expect(getNode(next, 'b')!.props).toMatchObject({ x: 30, height: 20 });
  });
});

describe('rotate and scale handles', () => {
  it('snaps the rotation to 45° with shift', () => {
    const box = { x: 0, y: 0, width: 20, height: 20, rotation: 10 };
    const centre = frameCentre(box);
    const start = { x: centre.x, y: centre.y - 30 };
    const pointer = { x: centre.x + 30, y: centre.y - 25 };
    const free = rotationDelta(box, start, pointer, false);
    expect(free).not.toBeCloseTo(35);
    expect(box.rotation + rotationDelta(box, start, pointer, true)).toBeCloseTo(45);
  });

  it('rotates elements about the frame centre', () => {
    const doc = withElements(blankDoc(), [{ id: 'r', x: 0, y: 0, width: 40, height: 20 }]);
    const frame = selectionFrame(doc, ['r'])!;
    const next = applyPatches(doc, rotatePatches(doc, ['r'], frameCentre(frame), 90));
    expect(getNode(next, 'r')!.props).toMatchObject({ x: 0, y: 0, rotation: 90 });
  });

  it('scales with the top-left corner fixed and clamps to the model range', () => {
    const doc = withElements(blankDoc(), [{ id: 'r', x: 10, y: 10, width: 40, height: 20 }]);
    const frame = selectionFrame(doc, ['r'])!;
    const start = boxPoint(frame, { x: 40, y: 20 });
    const factor = scaleFactor(frame, start, boxPoint(frame, { x: 80, y: 40 }));
    expect(factor).toBeCloseTo(2);
    const next = applyPatches(doc, scalePatches(doc, ['r'], frame, factor));
    expect(getNode(next, 'r')!.props).toMatchObject({ x: 10, y: 10, scale: 2 });
    const huge = applyPatches(doc, scalePatches(doc, ['r'], frame, 50));
    expect(getNode(huge, 'r')!.props.scale).toBe(9);
  });
});
