/**
 * Viewport culling (DESIGN.md: "spreads and elements outside the viewport are not drawn"): an R-tree (rbush) of
 * the canvas bounds of every spread and every top-level element (a spread's direct child; a group's bounds cover
 * its descendants, which the renderer draws with the group).
 *
 * Updated incrementally from the patches of each change, so undoing a 50-element move touches 50 entries
 * instead of rebuilding 1,000. Only a change to the order of spreads (which moves everything) rebuilds it all.
 */
import RBush from 'rbush';
import {
  childrenOf,
  getNode,
  nodeBoundsInSpread,
  parsePath,
  type AlbumDocument,
  type Patch,
  type Rect,
} from '@stickerbook/model';
import { sameArray } from '../state/atom.ts';
import { spreadLayout } from './layout.ts';

interface Entry {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  id: string;
  kind: 'spread' | 'element';
}

export class SpatialIndex {
  private readonly tree = new RBush<Entry>();
  private readonly entries = new Map<string, Entry>();
  private order: readonly string[] = [];

  constructor(private doc: AlbumDocument) {
    this.rebuild(doc);
  }

  rebuild(doc: AlbumDocument): void {
    this.doc = doc;
    this.tree.clear();
    this.entries.clear();
    const layout = spreadLayout(doc);
    this.order = layout.order;
    const items: Entry[] = [];
    for (const spreadId of layout.order) {
      items.push(this.makeEntry(spreadId, 'spread', layout.rects.get(spreadId)!));
      for (const child of childrenOf(doc, spreadId)) items.push(this.elementEntry(child.id, spreadId));
    }
    for (const item of items) this.entries.set(item.id, item);
    this.tree.load(items);
  }

  /** Brings the index from the previous document to `next`, given the patches between them. */
  update(next: AlbumDocument, patches: readonly Patch[]): void {
    const previous = this.doc;
    if (!sameArray(spreadLayout(next).order, this.order)) {
      this.rebuild(next);
      return;
    }
    this.doc = next;
    const touched = new Set<string>();
    for (const patch of patches) {
      const target = parsePath(patch.path);
      if (!target || !('id' in target) || target.kind === 'sticker' || target.kind === 'stickerField')
        continue;
      // An element's entry belongs to its top-level ancestor, before and after the change (re-parenting).
      for (const doc of [previous, next]) {
        const top = topLevelElementOf(doc, target.id);
        if (top) touched.add(top);
      }
    }
    for (const id of touched) {
      const old = this.entries.get(id);
      if (old) {
        this.tree.remove(old);
        this.entries.delete(id);
      }
      const top = topLevelElementOf(next, id);
      if (top !== id) continue;
      const entry = this.elementEntry(id, getNode(next, id)!.parentId!);
      this.entries.set(id, entry);
      this.tree.insert(entry);
    }
  }

  /** Ids intersecting a canvas rectangle, spreads and top-level elements separately. */
  search(rect: Rect): { spreads: string[]; elements: string[] } {
    const spreads: string[] = [];
    const elements: string[] = [];
    const hits = this.tree.search({
      minX: rect.x,
      minY: rect.y,
      maxX: rect.x + rect.width,
      maxY: rect.y + rect.height,
    });
    for (const hit of hits) (hit.kind === 'spread' ? spreads : elements).push(hit.id);
    return { spreads, elements };
  }

  /** Canvas bounds of a spread or top-level element, as indexed. */
  boundsOf(id: string): Rect | undefined {
    const entry = this.entries.get(id);
    return (
      entry && {
        x: entry.minX,
        y: entry.minY,
        width: entry.maxX - entry.minX,
        height: entry.maxY - entry.minY,
      }
    );
  }

  private elementEntry(id: string, spreadId: string): Entry {
    const offset = spreadLayout(this.doc).rects.get(spreadId) ?? { x: 0, y: 0 };
    const bounds = nodeBoundsInSpread(this.doc, id);
    return this.makeEntry(id, 'element', { ...bounds, x: bounds.x + offset.x, y: bounds.y + offset.y });
  }

  private makeEntry(id: string, kind: Entry['kind'], rect: Rect): Entry {
    return { id, kind, minX: rect.x, minY: rect.y, maxX: rect.x + rect.width, maxY: rect.y + rect.height };
  }
}

/** The spread child that contains `id` (itself when it is one), or undefined for spreads, sections, missing ids. */
function topLevelElementOf(doc: AlbumDocument, id: string): string | undefined {
  let node = getNode(doc, id);
  for (let depth = 0; node && depth < 64; depth++) {
    const parent = node.parentId === null ? undefined : getNode(doc, node.parentId);
    if (!parent) return undefined;
    if (parent.type === 'Spread') return node.id;
    node = parent;
  }
  return undefined;
}
