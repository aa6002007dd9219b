/**
 * The editor's camera: zoom presets and fits (SPEC §2 zoom menu), wheel scroll and ctrl-wheel/pinch zoom around
 * the pointer, and viewport culling through the spatial index. Results of the culling queries are cached per
 * (camera, document version) and keep their array identity while unchanged, so React subscribers that read
 * them do not re-render on a camera move that reveals nothing new.
 */
import type { Point } from '@stickerbook/model';
import { Atom, sameArray } from '../state/atom.ts';
import type { Editor } from '../Editor.ts';
import {
  clampZoom,
  fitRect,
  pageToScreen,
  panByScreen,
  pinchCamera,
  screenToPage,
  viewportPageRect,
  wheelZoomFactor,
  zoomAround,
  type Camera,
  type Size,
} from './camera.ts';
import { nearestSpreadId, spreadLayout } from './layout.ts';
import type { SpatialIndex } from './spatialIndex.ts';

/** Screen px drawn beyond the viewport so a fast pan does not show unrendered spreads for a frame. */
const CULLING_MARGIN_PX = 200;

export class CameraController {
  readonly camera = new Atom<Camera>({ x: 0, y: 0, zoom: 1 });
  readonly viewport = new Atom<Size>({ width: 1280, height: 800 });
  private visible: { key: string; spreads: readonly string[]; elements: readonly string[] } = {
    key: '',
    spreads: [],
    elements: [],
  };

  constructor(
    private readonly editor: Editor,
    private readonly spatial: SpatialIndex,
  ) {}

  setViewportSize(size: Size): void {
    this.viewport.set({ ...size });
  }

  setCamera(camera: Camera): void {
    this.camera.set({ ...camera, zoom: clampZoom(camera.zoom) });
  }

  screenToPage(point: Point): Point {
    return screenToPage(this.camera.get(), point);
  }

  pageToScreen(point: Point): Point {
    return pageToScreen(this.camera.get(), point);
  }

  panBy(dxScreen: number, dyScreen: number): void {
    this.camera.set(panByScreen(this.camera.get(), dxScreen, dyScreen));
  }

  /** Zooms to a level keeping `screenPoint` (default: the viewport centre) fixed, e.g. the 50-300 % presets. */
  zoomTo(zoom: number, screenPoint?: Point): void {
    const { width, height } = this.viewport.get();
    this.camera.set(zoomAround(this.camera.get(), screenPoint ?? { x: width / 2, y: height / 2 }, zoom));
  }

  /** Ctrl-wheel and trackpad pinch (browsers report it as ctrl-wheel): zoom around the pointer. */
  wheelZoom(deltaY: number, screenPoint: Point): void {
    this.zoomTo(this.camera.get().zoom * wheelZoomFactor(deltaY), screenPoint);
  }

  /** Two-finger touch pinch: see `pinchCamera`; `start` is the camera when the pinch began. */
  pinch(start: Camera, from: readonly [Point, Point], to: readonly [Point, Point]): void {
    this.camera.set(pinchCamera(start, from, to));
  }

  zoomToFitSpread(spreadId: string): void {
    const rect = spreadLayout(this.editor.doc).rects.get(spreadId);
    if (rect) this.camera.set(fitRect(rect, this.viewport.get()));
  }

  zoomToFitAll(): void {
    const { bounds } = spreadLayout(this.editor.doc);
    if (bounds.height > 0) this.camera.set(fitRect(bounds, this.viewport.get()));
  }

  /** The spread the user is working on: the selection's, else the one nearest the viewport centre (page box). */
  currentSpreadId(): string | undefined {
    const doc = this.editor.doc;
    const { width, height } = this.viewport.get();
    return nearestSpreadId(doc, this.screenToPage({ x: width / 2, y: height / 2 }));
  }

  visibleSpreadIds(): readonly string[] {
    return this.query().spreads;
  }

  visibleElementIds(): readonly string[] {
    return this.query().elements;
  }

  private query() {
    const camera = this.camera.get();
    const viewport = this.viewport.get();
    const key = `${camera.x},${camera.y},${camera.zoom},${viewport.width},${viewport.height},${this.editor.version.get()}`;
    if (key === this.visible.key) return this.visible;
    const margin = CULLING_MARGIN_PX / camera.zoom;
    const rect = viewportPageRect(camera, viewport);
    const found = this.spatial.search({
      x: rect.x - margin,
      y: rect.y - margin,
      width: rect.width + 2 * margin,
      height: rect.height + 2 * margin,
    });
    const order = spreadLayout(this.editor.doc).order;
    const spreads = order.filter((id) => found.spreads.includes(id));
    const elements = found.elements.sort();
    this.visible = {
      key,
      spreads: sameArray(spreads, this.visible.spreads) ? this.visible.spreads : spreads,
      elements: sameArray(elements, this.visible.elements) ? this.visible.elements : elements,
    };
    return this.visible;
  }
}
