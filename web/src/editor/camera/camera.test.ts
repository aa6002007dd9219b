import { describe, expect, it } from 'vitest';
import { blankDoc, BACK, CONTENT, COVER, makeEditor } from '../test-support.ts';
import { fitRect, pageToScreen, pinchCamera, screenToPage, wheelZoomFactor, zoomAround } from './camera.ts';
import { nearestSpreadId, spreadIdAtPoint, spreadLayout } from './layout.ts';

describe('camera transforms', () => {
  it('maps screen to page and back', () => {
    const camera = { x: 100, y: 50, zoom: 2 };
    expect(screenToPage(camera, { x: 20, y: 40 })).toEqual({ x: 110, y: 70 });
    expect(pageToScreen(camera, { x: 110, y: 70 })).toEqual({ x: 20, y: 40 });
  });

  it('zooms around a screen point, keeping the page point under it', () => {
    const camera = { x: 10, y: 20, zoom: 1 };
    const anchor = { x: 300, y: 200 };
    const before = screenToPage(camera, anchor);
    const after = screenToPage(zoomAround(camera, anchor, 3), anchor);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('clamps zoom between 0.05 and 100', () => {
    expect(zoomAround({ x: 0, y: 0, zoom: 1 }, { x: 0, y: 0 }, 1000).zoom).toBe(100);
    expect(zoomAround({ x: 0, y: 0, zoom: 1 }, { x: 0, y: 0 }, 0.001).zoom).toBe(0.05);
  });

  it('zooms about 0.75 % per wheel unit, and back by the opposite delta', () => {
    expect(wheelZoomFactor(-1)).toBeCloseTo(1.0075);
    expect(wheelZoomFactor(100) * wheelZoomFactor(-100)).toBeCloseTo(1);
  });

  it('pinches: the zoom follows the finger distance and the page point under the midpoint follows it', () => {
    const start = { x: 40, y: 30, zoom: 1 };
    const from = [
      { x: 100, y: 200 },
      { x: 300, y: 200 },
    ] as const;
    const grabbed = screenToPage(start, { x: 200, y: 200 });
    // Fingers twice as far apart, their midpoint moved 50 px right and 20 px down.
    const camera = pinchCamera(start, from, [
      { x: 50, y: 220 },
      { x: 450, y: 220 },
    ]);
    expect(camera.zoom).toBeCloseTo(2);
    const under = screenToPage(camera, { x: 250, y: 220 });
    expect(under.x).toBeCloseTo(grabbed.x);
    expect(under.y).toBeCloseTo(grabbed.y);
    // Fingers together: clamped at the minimum zoom, not a division by zero.
    expect(pinchCamera(start, from, [from[0], from[0]]).zoom).toBe(0.05);
    expect(pinchCamera(start, [from[0], from[0]], from).zoom).toBe(1);
  });

  it('fits a rectangle centred in the viewport with padding', () => {
    const camera = fitRect({ x: 0, y: 0, width: 460, height: 297 }, { width: 1000, height: 800 }, 20);
    expect(camera.zoom).toBeCloseTo(960 / 460);
    const centre = screenToPage(camera, { x: 500, y: 400 });
    expect(centre.x).toBeCloseTo(230);
    expect(centre.y).toBeCloseTo(148.5);
  });
});

describe('spread layout', () => {
  it('stacks spreads vertically with a 60 mm gap', () => {
    const layout = spreadLayout(blankDoc());
    expect(layout.order).toEqual([COVER, CONTENT, BACK]);
    expect(layout.rects.get(CONTENT)).toEqual({ x: 0, y: 357, width: 460, height: 297 });
    expect(layout.bounds.height).toBe(3 * 297 + 2 * 60);
  });

  it('finds the spread under a point, none in the gap, and the nearest one anywhere', () => {
    const doc = blankDoc();
    expect(spreadIdAtPoint(doc, { x: 10, y: 400 })).toBe(CONTENT);
    expect(spreadIdAtPoint(doc, { x: 10, y: 320 })).toBeUndefined();
    expect(nearestSpreadId(doc, { x: 10, y: 340 })).toBe(CONTENT);
  });
});

describe('editor camera', () => {
  it('fits a spread and the whole album', () => {
    const { editor } = makeEditor(blankDoc());
    editor.zoomToFitSpread(CONTENT);
    const centre = editor.screenToPage({ x: 500, y: 400 });
    expect(centre.y).toBeCloseTo(357 + 148.5);
    editor.zoomToFitAll();
    expect(editor.screenToPage({ x: 500, y: 400 }).y).toBeCloseTo((3 * 297 + 120) / 2);
  });

  it('zooms around the pointer on ctrl-wheel and scrolls on a plain wheel', () => {
    const { editor } = makeEditor(blankDoc());
    const pointer = { x: 250, y: 100 };
    const before = editor.screenToPage(pointer);
    editor.wheel({ screen: pointer, deltaX: 0, deltaY: -100, ctrlKey: true });
    expect(editor.camera.get().zoom).toBeCloseTo(Math.pow(1.0075, 100));
    expect(editor.screenToPage(pointer).x).toBeCloseTo(before.x);
    const zoom = editor.camera.get().zoom;
    const y = editor.camera.get().y;
    editor.wheel({ screen: pointer, deltaX: 0, deltaY: 50 });
    expect(editor.camera.get().y).toBeCloseTo(y + 50 / zoom);
  });

  it('culls spreads outside the viewport and keeps the result identity while unchanged', () => {
    const { editor } = makeEditor(blankDoc());
    editor.cameraController.setCamera({ x: 0, y: 0, zoom: 4 });
    const visible = editor.visibleSpreadIds();
    expect(visible).toEqual([COVER]);
    editor.panBy(1, 0);
    expect(editor.visibleSpreadIds()).toBe(visible);
    editor.cameraController.setCamera({ x: 0, y: 400, zoom: 4 });
    expect(editor.visibleSpreadIds()).toEqual([CONTENT]);
  });

  it('goes to a typed page through the model page box, and rejects invalid input', () => {
    const { editor } = makeEditor(blankDoc());
    expect(editor.goToPage('3')).toBe(true);
    expect(editor.pageBoxLabel()).toBe('2-3');
    expect(editor.goToPage('4')).toBe(true);
    expect(editor.pageBoxLabel()).toBe('4');
    expect(editor.goToPage('6')).toBe(false);
    expect(editor.goToPage('abc')).toBe(false);
    editor.goToAdjacentSpread(-1);
    expect(editor.pageBoxLabel()).toBe('2-3');
  });
});
