import {
  changedNodeKeys,
  compareByIndex,
  type AlbumDocument,
  type AlbumMeta,
  type DocNode,
} from '@stickerbook/model';
import { drawingOrder, deriveIndex, type DerivedIndex } from './derived.ts';

/** Where element views read their nodes: the album document, or a sticker frame template. */
export interface NodeSource {
  /** Told when node `id` changes. */
  subscribeNode(id: string, listener: () => void): () => void;
  /** Told when the children of `parentId` change (added, removed, re-parented, re-ordered). */
  subscribeChildren(parentId: string, listener: () => void): () => void;
  node(id: string): DocNode | undefined;
  /** Child ids joined by commas: a string, so subscribers compare it by value. */
  childKey(parentId: string): string;
}

/**
 * A tiny external store (as tldraw's records): SpreadSvg hands it each new document while rendering,
 * and every element view subscribes to its own node, so a move re-renders only the moved element. A change
 * tells the views of the nodes it changed and the parents whose children it changed, not every view of the
 * album (an undo's frame called ~3,000 listeners at 60 spreads); views of derived values (`useDocValue`) are
 * told every time.
 */
export class DocStore implements NodeSource {
  private listeners = new Set<() => void>();
  private readonly nodeListeners = new Map<string, Set<() => void>>();
  private readonly childListeners = new Map<string, Set<() => void>>();
  private readonly stickerListeners = new Set<() => void>();
  private readonly numberListeners = new Set<() => void>();
  /** The sticker numbers the number views were last told about. */
  private notifiedNumbers: ReadonlyMap<string, number> | null = null;
  private indexFor: AlbumDocument | null = null;
  private cachedIndex: DerivedIndex | null = null;
  /** The document the node and children views were last told about. */
  private notified: AlbumDocument;

  constructor(
    public doc: AlbumDocument,
    public meta: AlbumMeta,
  ) {
    this.notified = doc;
  }

  update(doc: AlbumDocument, meta: AlbumMeta): void {
    this.doc = doc;
    this.meta = meta;
  }

  get index(): DerivedIndex {
    if (this.indexFor !== this.doc || !this.cachedIndex) {
      this.cachedIndex = deriveIndex(this.doc);
      this.indexFor = this.doc;
    }
    return this.cachedIndex;
  }

  subscribe = (listener: () => void): (() => void) => joined(this.listeners, listener);

  subscribeNode = (id: string, listener: () => void): (() => void) => keyed(this.nodeListeners, id, listener);

  subscribeChildren = (parentId: string, listener: () => void): (() => void) =>
    keyed(this.childListeners, parentId, listener);

  /** Told when the album's sticker records change. */
  subscribeStickers = (listener: () => void): (() => void) => joined(this.stickerListeners, listener);

  /** Told when a placed sticker's number changes (cells moved, placed, removed; spreads re-ordered). */
  subscribeNumbers = (listener: () => void): (() => void) => joined(this.numberListeners, listener);

  notify(): void {
    for (const listener of this.listeners) listener();
    if (this.notified.stickers !== this.doc.stickers) tell(this.stickerListeners);
    if (this.numberListeners.size > 0) {
      const numbers = this.index.cellNumbers;
      if (!this.notifiedNumbers || !sameNumbers(this.notifiedNumbers, numbers)) tell(this.numberListeners);
      this.notifiedNumbers = numbers;
    }
    const before = this.notified.nodes;
    const nodes = this.doc.nodes;
    this.notified = this.doc;
    if (before === nodes) return;
    const parents = new Set<string | null>();
    // Only the keys the change touched (the model knows them for one patch list since the last notice: an undo,
    // a drop, a collaborator's change); comparing every node in an undo's frame cost ~3 ms at 1,000 nodes.
    for (const id of changedNodeKeys(before, nodes)) {
      const node = nodes[id] as DocNode | undefined;
      const old = before[id] as DocNode | undefined;
      if (node === old) continue;
      tell(this.nodeListeners.get(id));
      if (!node) parents.add(old!.parentId);
      else if (!old || old.parentId !== node.parentId || old.index !== node.index) {
        parents.add(node.parentId).add(old?.parentId ?? null);
      } else if (old.props.alwaysOnTop !== node.props.alwaysOnTop) parents.add(node.parentId);
    }
    for (const parentId of parents) if (parentId !== null) tell(this.childListeners.get(parentId));
  }

  node(id: string): DocNode | undefined {
    return this.doc.nodes[id];
  }

  childKey(parentId: string): string {
    return this.index.childKeys.get(parentId) ?? '';
  }
}

/** A fixed node map (sticker frame templates): nothing to subscribe to. */
export class StaticNodeSource implements NodeSource {
  private readonly childKeys: Map<string, string>;

  constructor(private readonly nodes: Record<string, DocNode>) {
    const byParent = new Map<string, DocNode[]>();
    for (const node of Object.values(nodes)) {
      if (node.parentId !== null) byParent.set(node.parentId, [...(byParent.get(node.parentId) ?? []), node]);
    }
    this.childKeys = new Map(
      [...byParent].map(([parentId, children]) => [
        parentId,
        drawingOrder(children.sort(compareByIndex)).join(','),
      ]),
    );
  }

  subscribeNode = (): (() => void) => () => {};

  subscribeChildren = (): (() => void) => () => {};

  node(id: string): DocNode | undefined {
    return this.nodes[id];
  }

  childKey(parentId: string): string {
    return this.childKeys.get(parentId) ?? '';
  }
}

function joined(listeners: Set<() => void>, listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function keyed(map: Map<string, Set<() => void>>, key: string, listener: () => void): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  const leave = joined(set, listener);
  return () => {
    leave();
    if (set.size === 0 && map.get(key) === set) map.delete(key);
  };
}

function tell(listeners: Set<() => void> | undefined): void {
  if (listeners) for (const listener of [...listeners]) listener();
}

function sameNumbers(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const [id, number] of a) if (b.get(id) !== number) return false;
  return true;
}
