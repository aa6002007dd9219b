/**
 * A move in progress. Nothing in the document changes while the pointer moves: the session only computes a
 * delta (dx, dy) that the renderer applies as a transform to the moving elements, which keeps each pointer move
 * O(siblings on one spread) however large the album (the issue 3 figure: 50 elements, 120 moves, 1,000-element
 * album). The document changes once, at the end (`movePatches`).
 */
import { getNode, spreadOf, unionRects, type AlbumDocument, type Point, type Rect } from '@stickerbook/model';
import { nearestSpreadId, spreadLayout } from '../camera/layout.ts';
import { canvasBounds } from '../document/canvasGeometry.ts';
import { gridOrigin, siblingBounds, snapBox, snapTargets, type Guide, type SnapTargets } from './snapping.ts';

/** What the renderer needs to draw a move: translate these ids (top-level moved elements) by dx, dy mm. */
export interface DragDelta {
  ids: ReadonlySet<string>;
  dx: number;
  dy: number;
}

export interface MoveModifiers {
  /** Lock to the axis of the larger movement. */
  shift?: boolean;
  /** No snapping at all. */
  ctrl?: boolean;
}

export interface MoveContext {
  zoom: number;
  grid: boolean;
  /** In isolation mode the siblings to snap to are the group's children. */
  isolatedGroupId?: string | null;
}

export class MoveSession {
  readonly ids: ReadonlySet<string>;
  private readonly startBounds: Rect;
  private readonly targets = new Map<string, SnapTargets>();

  constructor(
    private readonly doc: AlbumDocument,
    ids: readonly string[],
    readonly start: Point,
  ) {
    this.ids = new Set(ids);
    this.startBounds = unionRects(ids.map((id) => canvasBounds(doc, id)));
  }

  update(
    pointer: Point,
    modifiers: MoveModifiers,
    context: MoveContext,
  ): { delta: DragDelta; guides: Guide[] } {
    let dx = pointer.x - this.start.x;
    let dy = pointer.y - this.start.y;
    if (modifiers.shift) {
      if (Math.abs(dx) >= Math.abs(dy)) dy = 0;
      else dx = 0;
    }
    let guides: Guide[] = [];
    const spreadId = nearestSpreadId(this.doc, pointer);
    if (!modifiers.ctrl && spreadId) {
      const moved = { ...this.startBounds, x: this.startBounds.x + dx, y: this.startBounds.y + dy };
      const snap = snapBox(moved, this.targetsFor(spreadId, context.isolatedGroupId), {
        zoom: context.zoom,
        grid: context.grid ? gridOrigin(this.doc, spreadId) : null,
      });
      // Axis lock wins over snapping on the locked axis.
      if (!(modifiers.shift && dx === 0)) dx += snap.dx;
      if (!(modifiers.shift && dy === 0)) dy += snap.dy;
      guides = snap.guides.filter((guide) => !modifiers.shift || (guide.axis === 'x' ? dx !== 0 : dy !== 0));
    }
    return { delta: { ids: this.ids, dx, dy }, guides };
  }

  private targetsFor(spreadId: string, isolatedGroupId?: string | null): SnapTargets {
    const parentId =
      isolatedGroupId &&
      getNode(this.doc, isolatedGroupId) &&
      spreadOf(this.doc, isolatedGroupId)?.id === spreadId
        ? isolatedGroupId
        : spreadId;
    let targets = this.targets.get(parentId);
    if (!targets) {
      const spreadRect = spreadLayout(this.doc).rects.get(spreadId)!;
      targets = snapTargets(
        spreadRect,
        siblingBounds(this.doc, parentId, this.ids, (id) => canvasBounds(this.doc, id)),
      );
      this.targets.set(parentId, targets);
    }
    return targets;
  }
}
