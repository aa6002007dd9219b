/**
 * A move drawn before React renders it. When the drawn document changes nothing but some elements' x and y (an
 * undo or redo of a move, a drop on the same spread, a collaborator's move), the moved elements' frames get
 * their new `transform` in the DOM at once, in the frame of the change, and the canvas renders the change with
 * React after that frame's paint (`WorldLayer`'s DocumentRoot, through `useDeferredValue`). The attribute
 * written is the one `ElementFrame` renders (`elementTransform`), so React's later render changes nothing on
 * screen. Any other change, a move that re-orders sticker numbers, or a change during a drag renders as before,
 * within its frame.
 *
 * Once the canvas has committed a document, every element written here gets that document's transform: React
 * skips an element whose props did not change since its last render, so a move that went back (a redo, or a
 * collaborator's change, before the deferred render) would otherwise keep the written place.
 */
import {
  changedNodeKeys,
  numberStickers,
  type AlbumDocument,
  type DocNode,
  type ElementProps,
} from '@stickerbook/model';
import { elementTransform } from '../../../render/transform.ts';
import { elementFrameSelector } from '../../../render/ElementFrame.tsx';
import { sameArray } from '../../state/atom.ts';

export class MovePrepaint {
  /** The document the canvas last committed. */
  private rendered: AlbumDocument;
  /** The document the DOM shows although the canvas has not rendered it, if any. */
  private covered: AlbumDocument | null = null;
  /** Elements whose transform was written here since the canvas's last commit. */
  private readonly written = new Map<string, Element>();

  constructor(
    doc: AlbumDocument,
    private readonly world: () => Element | null,
  ) {
    this.rendered = doc;
  }

  /** The document the canvas should draw now: the one it drew while the DOM shows `latest` already. */
  drawn(latest: AlbumDocument, deferred: AlbumDocument): AlbumDocument {
    return deferred !== latest && this.covered === latest ? this.rendered : latest;
  }

  /** A new document to draw, told synchronously as it is set (before React renders it). */
  change(next: AlbumDocument, dragging: boolean): void {
    this.covered = null;
    const world = this.world();
    if (dragging || !world) return;
    const moved = movedNodes(this.rendered, next);
    if (!moved) return;
    for (const [id, element] of this.written) {
      if (moved.has(id)) continue;
      const node = this.rendered.nodes[id];
      if (node) element.setAttribute('transform', elementTransform(node.props as ElementProps));
      this.written.delete(id);
    }
    for (const node of moved.values()) {
      const element = this.written.get(node.id) ?? frameOf(world, node.id);
      if (!element) continue;
      element.setAttribute('transform', elementTransform(node.props as ElementProps));
      this.written.set(node.id, element);
    }
    this.covered = next;
  }

  /** The canvas committed `doc` (a layout effect): the written elements get its transforms. */
  committed(doc: AlbumDocument): void {
    this.rendered = doc;
    this.covered = null;
    for (const [id, element] of this.written) {
      const node = doc.nodes[id];
      if (node) element.setAttribute('transform', elementTransform(node.props as ElementProps));
    }
    this.written.clear();
  }
}

function frameOf(world: Element, id: string): Element | null {
  return world.querySelector(elementFrameSelector(id));
}

/**
 * The nodes of `to` that differ from `from` in x and y only, or null when anything else differs: another node
 * or document field, a node added or removed, a comment (drawn unrotated, not by `elementTransform`), or a
 * move that changes the sticker numbers (they follow the cells' positions).
 */
export function movedNodes(from: AlbumDocument, to: AlbumDocument): Map<string, DocNode> | null {
  for (const key of Object.keys(to) as Array<keyof AlbumDocument>) {
    if (key !== 'nodes' && from[key] !== to[key]) return null;
  }
  const moved = new Map<string, DocNode>();
  if (from.nodes === to.nodes) return moved;
  const before = from.nodes;
  let numbering = false;
  // Only the keys the change touched (the model knows them for one patch list from the drawn document: an undo,
  // a drop, a collaborator's change); comparing every node cost ~5 ms at 1,000 nodes on a cold page. An added or
  // removed node is among them, and ends the check.
  for (const id of changedNodeKeys(before, to.nodes)) {
    const node = to.nodes[id];
    const old = before[id];
    if (old === node) continue;
    if (!old || !node || !movedOnly(old, node)) return null;
    if (node.type === 'StickerCell' || node.type === 'Group') numbering = true;
    moved.set(id, node);
  }
  if (numbering && !sameArray(numberStickers(from).cellOrder, numberStickers(to).cellOrder)) return null;
  return moved;
}

function movedOnly(a: DocNode, b: DocNode): boolean {
  if (a.type !== b.type || a.type === 'Comment' || a.parentId !== b.parentId || a.index !== b.index) {
    return false;
  }
  const keys = Object.keys(b.props);
  if (keys.length !== Object.keys(a.props).length) return false;
  for (const key of keys) {
    if (key !== 'x' && key !== 'y' && !Object.is(a.props[key], b.props[key])) return false;
  }
  return true;
}
