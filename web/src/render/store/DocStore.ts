import { compareByIndex, type AlbumDocument, type AlbumMeta, type DocNode } from '@stickerbook/model';
import { drawingOrder, deriveIndex, type DerivedIndex } from './derived.ts';

/** Where element views read their nodes: the album document, or a sticker frame template. */
export interface NodeSource {
  subscribe(listener: () => void): () => void;
  node(id: string): DocNode | undefined;
  /** Child ids joined by commas: a string, so subscribers compare it by value. */
  childKey(parentId: string): string;
}

/**
 * A tiny external store (as tldraw's records): SpreadSvg hands it each new document while rendering,
 * and every element view subscribes to its own node, so a move re-renders only the moved element.
 */
export class DocStore implements NodeSource {
  private listeners = new Set<() => void>();
  private indexFor: AlbumDocument | null = null;
  private cachedIndex: DerivedIndex | null = null;

  constructor(
    public doc: AlbumDocument,
    public meta: AlbumMeta,
  ) {}

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

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  notify(): void {
    for (const listener of this.listeners) listener();
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

  subscribe = (): (() => void) => () => {};

  node(id: string): DocNode | undefined {
    return this.nodes[id];
  }

  childKey(parentId: string): string {
    return this.childKeys.get(parentId) ?? '';
  }
}
