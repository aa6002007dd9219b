import { describe, expect, it } from 'vitest';
import { blankDoc, CONTENT, CONTENT_Y, drag, makeEditor, withElements } from '../test-support.ts';
import { elementsInLasso, pointInPolygon } from './lasso.ts';

const square = (x: number, y: number, size: number) => [
  { x, y },
  { x: x + size, y },
  { x: x + size, y: y + size },
  { x, y: y + size },
];

describe('lasso selection', () => {
  it('tests points against a polygon', () => {
    const triangle = [
      { x: 0, y: 0 },
      { x: 10, y: 0 },
      { x: 0, y: 10 },
    ];
    expect(pointInPolygon({ x: 2, y: 2 }, triangle)).toBe(true);
    expect(pointInPolygon({ x: 8, y: 8 }, triangle)).toBe(false);
  });

  it('selects elements whose whole outline is inside the polygon, not ones it only crosses', () => {
    const doc = withElements(blankDoc(), [
      { id: 'inside', x: 20, y: 20 },
      { id: 'crossing', x: 95, y: 20 },
      { id: 'locked', x: 40, y: 40, locked: true },
    ]);
    const lasso = square(10, CONTENT_Y + 10, 90);
    expect(elementsInLasso(doc, lasso, [CONTENT])).toEqual(['inside']);
  });

  it('judges a rotated element by its turned corners', () => {
    // A 40 x 4 bar turned 90° stands 4 wide and 40 tall around its centre (40, 32).
    const doc = withElements(blankDoc(), [{ id: 'bar', x: 20, y: 30, width: 40, height: 4, rotation: 90 }]);
    expect(
      elementsInLasso(
        doc,
        square(30, CONTENT_Y + 5, 20).map((p) => ({ ...p, y: p.y })),
        [CONTENT],
      ),
    ).toEqual([]);
    const tall = [
      { x: 35, y: CONTENT_Y + 10 },
      { x: 45, y: CONTENT_Y + 10 },
      { x: 45, y: CONTENT_Y + 55 },
      { x: 35, y: CONTENT_Y + 55 },
    ];
    expect(elementsInLasso(doc, tall, [CONTENT])).toEqual(['bar']);
  });

  it('starts only after the pointer moved 5 screen px and selects on the way', () => {
    const doc = withElements(blankDoc(), [{ id: 'a', x: 20, y: 20 }]);
    const { editor } = makeEditor(doc);
    editor.pointerDown({ screen: { x: 10, y: CONTENT_Y + 10 } });
    editor.pointerMove({ screen: { x: 13, y: CONTENT_Y + 13 } });
    expect(editor.tool.state).toBe('pointing');
    editor.pointerUp({ screen: { x: 13, y: CONTENT_Y + 13 } });
    drag(editor, [10, CONTENT_Y + 10], [40, CONTENT_Y + 40]);
    // A drag from corner to corner is a thin polygon; draw a real loop instead.
    editor.pointerDown({ screen: { x: 10, y: CONTENT_Y + 10 } });
    for (const [x, y] of [
      [50, 10],
      [50, 50],
      [10, 50],
    ]) {
      editor.pointerMove({ screen: { x, y: CONTENT_Y + y } });
    }
    expect(editor.lasso.get()?.length).toBe(4);
    expect(editor.selection.get()).toEqual(['a']);
    editor.pointerUp({ screen: { x: 10, y: CONTENT_Y + 50 } });
    expect(editor.lasso.get()).toBeNull();
    expect(editor.selection.get()).toEqual(['a']);
  });
});
