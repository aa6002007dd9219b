import { numberStickers, treeIndex, type AlbumDocument, type DocNode } from '@stickerbook/model';

/**
 * What the renderer derives from a whole document, once per document version: child order for drawing
 * (packages/model's fractional-index order, with `alwaysOnTop` elements moved last) and sticker numbers.
 */
export interface DerivedIndex {
  childKeys: Map<string, string>;
  spreadIds: string[];
  /** The number of the sticker placed in each filled StickerCell (packages/model numbering). */
  cellNumbers: Map<string, number>;
}

/**
 * Drawing order per sibling list: packages/model carries the lists a change did not touch over to the next
 * document's tree index (`carryTreeIndex`), so after a move only the moved elements' parents are ordered again.
 */
const drawingOrderKeys = new WeakMap<readonly DocNode[], string>();

export function deriveIndex(doc: AlbumDocument): DerivedIndex {
  const tree = treeIndex(doc);
  const childKeys = new Map<string, string>();
  for (const [parentId, children] of tree.children) {
    let key = drawingOrderKeys.get(children);
    if (key === undefined) {
      key = drawingOrder(children).join(',');
      drawingOrderKeys.set(children, key);
    }
    childKeys.set(parentId, key);
  }
  const cellNumbers = new Map<string, number>();
  for (const node of Object.values(doc.nodes)) {
    const stickerId = node.type === 'StickerCell' ? node.props.stickerId : undefined;
    const numbers =
      typeof stickerId === 'string' ? numberStickers(doc).numbersBySticker.get(stickerId) : undefined;
    if (numbers) cellNumbers.set(node.id, numbers[0]);
  }
  return { childKeys, spreadIds: tree.spreads.map((s) => s.id), cellNumbers };
}

/** Children ids in drawing order: stable, so elements keep their index order within each layer. */
export function drawingOrder(children: readonly DocNode[]): string[] {
  const normal = children.filter((n) => n.props.alwaysOnTop !== true);
  const onTop = children.filter((n) => n.props.alwaysOnTop === true);
  return [...normal, ...onTop].map((n) => n.id);
}
