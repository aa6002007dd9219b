/**
 * The editor engine (STYLE.md: tldraw's Editor): document + history, camera, selection, isolation, tools,
 * transient gesture state and view settings, with no UI. React reads its atoms through `react.ts`; the renderer
 * reads `displayDoc` and applies `dragDelta` as a transform; the sync layer listens to `onLocalPatches`.
 *
 * Every local change goes model operation -> patches -> `DocumentState.commitLocal` (applied, recorded with its
 * inverse, emitted once). A locked album (non-admin preview, SPEC §4) refuses every mutating intent with the
 * error code ALBUM_LOCKED; selection and camera still work.
 */
import {
  applyPatches,
  getNode,
  ModelError,
  pageBoxLabel,
  parsePageBox,
  topLevelIds,
  type AlbumDocument,
  type AlbumMeta,
  type Change,
  type Patch,
  type Point,
} from '@stickerbook/model';
import { Atom, Emitter } from './state/atom.ts';
import {
  DocumentState,
  type InvariantCheckMode,
  type LocalPatchesEvent,
  type PatchOrigin,
} from './document/documentState.ts';
import { CameraController } from './camera/cameraController.ts';
import { SpatialIndex } from './camera/spatialIndex.ts';
import { spreadLayout } from './camera/layout.ts';
import { hitTest } from './selection/hitTest.ts';
import { DEFAULT_VIEW_SETTINGS, gridVisible, type ViewSettings } from './state/viewSettings.ts';
import type { EditMode } from './state/modes.ts';
import { systemClipboard, type ClipboardAdapter } from './clipboard.ts';
import type { DragDelta, MoveSession } from './drag/moveSession.ts';
import { movePatches } from './drag/movePatches.ts';
import type { Guide } from './drag/snapping.ts';
import { selectionFrame, type Handle, type OrientedBox } from './transform/frame.ts';
import { resizeBox, resizePatches } from './transform/resize.ts';
import { frameCentre, rotatePatches, rotationDelta } from './transform/rotate.ts';
import { scaleFactor, scalePatches } from './transform/scale.ts';
import { GestureInput, type KeyInput, type PointerInput, type WheelInput } from './input.ts';
import { SelectionController } from './selection/selectionController.ts';
import { EditModes } from './state/editModes.ts';
import { CreateTool } from './tools/CreateTool.ts';
import { SelectTool } from './tools/SelectTool.ts';
import type { CanvasPointer, Tool, ToolId } from './tools/Tool.ts';
import type { CreateContext } from './tools/elementDefaults.ts';

export interface EditorOptions {
  doc: AlbumDocument;
  meta?: AlbumMeta;
  isAdmin?: boolean;
  /** The album is locked (print approval): non-admins get a read-only preview. */
  locked?: boolean;
  userId?: string;
  clipboard?: ClipboardAdapter;
  /** Placeholder text of a new text element (translated by the UI). */
  defaultText?: string;
  invariantCheck?: InvariantCheckMode;
}

type EditorErrorCode = 'ALBUM_LOCKED' | 'ADMIN_ONLY' | 'AUTOMATIC_TEXT_READ_ONLY' | string;
export interface EditorError {
  code: EditorErrorCode;
  message?: string;
}

/** Things only the app can do (navigation), requested by canvas gestures. */
export type EditorRequest = { type: 'openSticker'; cellId: string };

export interface ChangeOptions {
  /** Select the change's `selection` afterwards (inserts, duplicates, groups); default keeps the selection. */
  select?: boolean;
}

export class Editor {
  readonly documentState: DocumentState;
  /** The document as drawn: the committed document, or a resize/rotate preview of it during such a gesture. */
  readonly displayDoc: Atom<AlbumDocument>;
  readonly meta: Atom<AlbumMeta>;
  readonly cameraController: CameraController;
  readonly selectionController: SelectionController;
  readonly modes: EditModes;
  readonly dragDelta = new Atom<DragDelta | null>(null);
  readonly guides = new Atom<readonly Guide[]>([]);
  readonly lasso = new Atom<readonly Point[] | null>(null);
  /** The element a drag from outside the canvas would land in (an empty image slot under a dragged photo). */
  readonly dropTarget = new Atom<string | null>(null);
  readonly viewSettings = new Atom<ViewSettings>(DEFAULT_VIEW_SETTINGS);
  readonly access: Atom<{ locked: boolean; isAdmin: boolean }>;
  readonly toolId = new Atom<ToolId>('select');
  readonly errors = new Emitter<EditorError>();
  readonly requests = new Emitter<EditorRequest>();
  /** An element the user drew with a create tool (analytics listens; the engine does not know it). */
  readonly elementCreated = new Emitter<{ id: string; type: ToolId }>();
  readonly input: GestureInput;
  readonly clipboard: ClipboardAdapter;
  private readonly spatial: SpatialIndex;
  private readonly tools: Record<ToolId, Tool>;
  private pendingTransform: Patch[] | null = null;
  private readonly options: EditorOptions;

  constructor(options: EditorOptions) {
    this.options = options;
    this.documentState = new DocumentState(options.doc, options.invariantCheck);
    this.displayDoc = new Atom(options.doc);
    this.meta = new Atom<AlbumMeta>(options.meta ?? { title: '', releaseDate: null, language: 'en' });
    this.access = new Atom({ locked: options.locked ?? false, isAdmin: options.isAdmin ?? false });
    this.clipboard = options.clipboard ?? systemClipboard;
    this.spatial = new SpatialIndex(options.doc);
    this.cameraController = new CameraController(this, this.spatial);
    this.selectionController = new SelectionController(this);
    this.modes = new EditModes(this);
    this.input = new GestureInput(this);
    this.tools = {
      select: new SelectTool(this),
      Text: new CreateTool(this, 'Text'),
      Circle: new CreateTool(this, 'Circle'),
      Rectangle: new CreateTool(this, 'Rectangle'),
      Line: new CreateTool(this, 'Line'),
      StickerCell: new CreateTool(this, 'StickerCell'),
      Comment: new CreateTool(this, 'Comment'),
    };
    this.documentState.changes.on(({ doc, patches, origin }) => {
      if (patches.length === 0) this.spatial.rebuild(doc);
      else this.spatial.update(doc, patches);
      if (!this.pendingTransform || origin === 'local') this.displayDoc.set(doc);
      this.selectionController.prune(doc);
      this.modes.prune(doc);
    });
  }

  // Document ----------------------------------------------------------------------------------------------------

  get doc(): AlbumDocument {
    return this.documentState.current;
  }

  get camera() {
    return this.cameraController.camera;
  }

  get selection() {
    return this.selectionController.selection;
  }

  get isolatedGroupId() {
    return this.selectionController.isolatedGroupId;
  }

  get editMode(): Atom<EditMode> {
    return this.modes.mode;
  }

  get version() {
    return this.documentState.version;
  }

  get history() {
    return this.documentState.history;
  }

  /** Sync's entry point: every local change, undo and redo, once each, in order. */
  onLocalPatches(listener: (event: LocalPatchesEvent) => void): () => void {
    return this.documentState.localPatches.on(listener);
  }

  /** Whether mutating intents are allowed: a locked album is read-only except for admins (SPEC §4, §6). */
  canEdit(): boolean {
    const { locked, isAdmin } = this.access.get();
    return !locked || isAdmin;
  }

  /**
   * SPEC §6: a Comment's text is edited by its author (`userId`) and by admins; everyone else reads it. The server
   * enforces the same rule (packages/model rules/comments.ts); this only decides whether to offer editing.
   */
  canEditComment(id: string): boolean {
    const node = getNode(this.doc, id);
    if (node?.type !== 'Comment' || !this.canEdit()) return false;
    return (
      this.access.get().isAdmin ||
      (this.options.userId !== undefined && node.props.userId === this.options.userId)
    );
  }

  setAccess(access: Partial<{ locked: boolean; isAdmin: boolean }>): void {
    this.access.set({ ...this.access.get(), ...access });
    if (!this.canEdit()) {
      this.cancelGesture();
      this.modes.stop();
    }
  }

  /** Applies patches: local ones are recorded and emitted (refused when read-only), remote ones only applied. */
  dispatch(patches: Patch[], options: { origin: PatchOrigin; label?: string }): boolean {
    if (options.origin === 'remote') {
      this.documentState.applyRemote(patches);
      return true;
    }
    if (!this.refuseIfReadOnly()) return false;
    return this.documentState.commitLocal(patches, options.label);
  }

  /**
   * Runs a packages/model operation against the current document and commits its patches as one history entry.
   * The way the UI changes anything (toolbar: `editor.change('fill', d => updateElement(d, id, { fill }))`).
   * Model errors are reported on `errors` with their code and return false.
   */
  change(
    label: string,
    build: (doc: AlbumDocument) => Change | Patch[],
    options: ChangeOptions = {},
  ): boolean {
    if (!this.refuseIfReadOnly()) return false;
    let change: Change;
    try {
      const result = build(this.doc);
      change = Array.isArray(result) ? { patches: result, selection: this.selection.get().slice() } : result;
    } catch (error) {
      if (!(error instanceof ModelError)) throw error;
      this.errors.emit({ code: error.code, message: error.message });
      return false;
    }
    const committed = this.documentState.commitLocal(change.patches, label);
    if (options.select) this.select(change.selection);
    return committed;
  }

  undo(): boolean {
    if (!this.refuseIfReadOnly()) return false;
    return this.documentState.undo(this.modes.editingText());
  }

  redo(): boolean {
    if (!this.refuseIfReadOnly()) return false;
    return this.documentState.redo();
  }

  canUndo(): boolean {
    return this.canEdit() && this.documentState.canUndo(this.modes.editingText());
  }

  canRedo(): boolean {
    return this.canEdit() && this.documentState.canRedo();
  }

  /** Reports ALBUM_LOCKED and returns false when the album is read-only. */
  refuseIfReadOnly(): boolean {
    if (this.canEdit()) return true;
    this.errors.emit({ code: 'ALBUM_LOCKED' });
    return false;
  }

  // Selection ---------------------------------------------------------------------------------------------------

  select(ids: readonly string[]): void {
    this.selectionController.select(ids);
  }

  hitTest(point: Point, tolerance = 0): string | undefined {
    return hitTest(this.doc, point, { isolatedGroupId: this.isolatedGroupId.get(), tolerance });
  }

  selectionFrame(): OrientedBox | undefined {
    return selectionFrame(this.displayDoc.get(), this.selection.get());
  }

  /** The selection as moved, resized or rotated: top-level ids, locked elements left out. */
  transformableSelection(): string[] {
    const doc = this.doc;
    return topLevelIds(doc, this.selection.get()).filter(
      (id) => doc.nodes[id] && doc.nodes[id].props.locked !== true,
    );
  }

  doubleClickAt(point: Point, tolerance: number): void {
    this.selectionController.doubleClickAt(point, tolerance);
  }

  // Camera ------------------------------------------------------------------------------------------------------

  screenToPage(point: Point): Point {
    return this.cameraController.screenToPage(point);
  }

  pageToScreen(point: Point): Point {
    return this.cameraController.pageToScreen(point);
  }

  panBy(dxScreen: number, dyScreen: number): void {
    this.cameraController.panBy(dxScreen, dyScreen);
  }

  zoomToFitSpread(spreadId: string): void {
    this.cameraController.zoomToFitSpread(spreadId);
  }

  zoomToFitAll(): void {
    this.cameraController.zoomToFitAll();
  }

  visibleSpreadIds(): readonly string[] {
    return this.cameraController.visibleSpreadIds();
  }

  visibleElementIds(): readonly string[] {
    return this.cameraController.visibleElementIds();
  }

  // Tools and input ---------------------------------------------------------------------------------------------

  get tool(): Tool {
    return this.tools[this.toolId.get()];
  }

  setTool(id: ToolId): boolean {
    if (id !== 'select' && !this.refuseIfReadOnly()) return false;
    if (id === 'Comment' && !this.access.get().isAdmin) {
      this.errors.emit({ code: 'ADMIN_ONLY' });
      return false;
    }
    this.tool.cancel();
    this.toolId.set(id);
    return true;
  }

  get spacePressed(): boolean {
    return this.input.spacePressed;
  }

  pointerDown(input: PointerInput): void {
    this.tool.onPointerDown(this.toCanvasPointer(input));
  }

  pointerMove(input: PointerInput): void {
    this.tool.onPointerMove(this.toCanvasPointer(input));
  }

  pointerUp(input: PointerInput): void {
    this.tool.onPointerUp(this.toCanvasPointer(input));
  }

  doubleClick(input: PointerInput): void {
    this.tool.onDoubleClick?.(this.toCanvasPointer(input));
  }

  wheel(input: WheelInput): void {
    this.input.wheel(input);
  }

  /** Returns true when the key was handled (the UI then calls preventDefault). */
  keyDown(input: KeyInput): boolean {
    return this.input.keyDown(input);
  }

  keyUp(input: KeyInput): void {
    this.input.keyUp(input);
  }

  /** Abandons the current gesture (Escape mid-drag, pointer lost) without changing the document. */
  cancelGesture(): boolean {
    return this.tool.cancel();
  }

  createContext(): CreateContext {
    return { defaultText: this.options.defaultText ?? '', userId: this.options.userId };
  }

  private toCanvasPointer(input: PointerInput): CanvasPointer {
    return {
      screen: input.screen,
      point: this.screenToPage(input.screen),
      button: input.button ?? 0,
      shift: input.shiftKey ?? false,
      ctrl: (input.ctrlKey ?? false) || (input.metaKey ?? false),
      alt: input.altKey ?? false,
      touch: input.pointerType === 'touch',
    };
  }

  // Gestures the select tool drives -----------------------------------------------------------------------------

  previewMove(session: MoveSession, pointer: CanvasPointer): void {
    const { delta, guides } = session.update(
      pointer.point,
      { shift: pointer.shift, ctrl: pointer.ctrl },
      {
        zoom: this.camera.get().zoom,
        grid: gridVisible(this.viewSettings.get(), this.camera.get().zoom),
        isolatedGroupId: this.isolatedGroupId.get(),
      },
    );
    this.dragDelta.set(delta);
    this.guides.set(guides);
  }

  commitMove(session: MoveSession, pointer: Point): void {
    const delta = this.dragDelta.get();
    this.dragDelta.set(null);
    this.guides.set([]);
    if (!delta || (delta.dx === 0 && delta.dy === 0)) return;
    this.change('move', (doc) => movePatches(doc, [...session.ids], { x: delta.dx, y: delta.dy }, pointer), {
      select: true,
    });
  }

  cancelMove(): void {
    this.dragDelta.set(null);
    this.guides.set([]);
  }

  updateLasso(points: readonly Point[], base: readonly string[]): void {
    this.lasso.set([...points]);
    this.selectionController.selectInLasso(points, base);
  }

  endLasso(cancelled = false): void {
    this.lasso.set(null);
    if (cancelled) this.select([]);
  }

  previewTransform(
    gesture: {
      name: 'resizing' | 'rotating' | 'scaling';
      handle: Handle;
      frame: OrientedBox;
      start: Point;
      ids: string[];
    },
    pointer: CanvasPointer,
  ): void {
    const doc = this.doc;
    const { frame, ids, start } = gesture;
    let patches: Patch[];
    if (gesture.name === 'rotating') {
      patches = rotatePatches(
        doc,
        ids,
        frameCentre(frame),
        rotationDelta(frame, start, pointer.point, pointer.shift),
      );
    } else if (gesture.name === 'scaling') {
      patches = scalePatches(doc, ids, frame, scaleFactor(frame, start, pointer.point));
    } else {
      const to = resizeBox(frame, gesture.handle as Exclude<Handle, 'rotate' | 'scale'>, pointer.point, {
        keepAspect: pointer.shift,
      });
      patches = resizePatches(doc, ids, frame, to);
    }
    this.pendingTransform = patches;
    this.displayDoc.set(applyPatches(doc, patches));
  }

  commitTransform(label: string): void {
    const patches = this.pendingTransform;
    this.pendingTransform = null;
    this.displayDoc.set(this.doc);
    if (patches && patches.length > 0) this.change(label, () => patches);
  }

  cancelTransform(): void {
    this.pendingTransform = null;
    this.displayDoc.set(this.doc);
  }

  // Edit modes --------------------------------------------------------------------------------------------------

  startTextEdit(id: string): boolean {
    return this.modes.startText(id);
  }

  startImageEdit(id: string): boolean {
    return this.modes.startImage(id);
  }

  stopEditing(): void {
    this.modes.stop();
  }

  // Page box (SPEC §5) ------------------------------------------------------------------------------------------

  /** The page box label of the current spread ('1', '2-3', ..., '2n' for the last). */
  pageBoxLabel(): string {
    const spreadId = this.selectionController.currentSpreadId();
    const order = spreadLayout(this.doc).order;
    return spreadId ? pageBoxLabel(order.indexOf(spreadId), order.length) : '';
  }

  /** Goes to the spread of a typed page number; false when invalid (the box then resets to its label). */
  goToPage(input: string): boolean {
    const order = spreadLayout(this.doc).order;
    const ordinal = parsePageBox(input, order.length);
    if (ordinal === null) return false;
    this.select([]);
    this.zoomToFitSpread(order[ordinal]);
    return true;
  }

  /** Previous (-1) or next (+1) spread of the page box. */
  goToAdjacentSpread(step: -1 | 1): void {
    const order = spreadLayout(this.doc).order;
    const current = this.selectionController.currentSpreadId();
    const ordinal = Math.min(order.length - 1, Math.max(0, (current ? order.indexOf(current) : 0) + step));
    this.select([]);
    this.zoomToFitSpread(order[ordinal]);
  }

  // View settings -----------------------------------------------------------------------------------------------

  setViewSetting<K extends keyof ViewSettings>(key: K, value: ViewSettings[K]): void {
    if (key === 'elementsTree' && value && !this.access.get().isAdmin) return;
    this.viewSettings.set({ ...this.viewSettings.get(), [key]: value });
  }

  dispose(): void {
    this.documentState.dispose();
  }
}
