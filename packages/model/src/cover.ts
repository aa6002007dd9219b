/**
 * The cover of an album as a small document of its own, for previews (start page cards, template choice):
 * only the first spread and what it needs, with every automatic text already resolved against the whole
 * album, so the preview shows the same page count, sticker total and dates as the album itself.
 */
import type { AlbumDocument, DocNode, RichText, Sticker } from './document.ts';
import { resolveNodeSymbol, type AlbumMeta } from './symbols.ts';
import { ancestorsOf, descendantsOf, spreadsInOrder } from './tree.ts';

/** An automatic text's value in the text's own first style, one block per line. */
export function withSymbolValue(text: RichText | undefined, value: string): RichText {
  const first = text?.blocks[0];
  const styles = first?.spans[0]?.styles ?? [];
  return {
    blocks: value.split('\n').map((line) => ({
      align: first?.align,
      lineHeight: first?.lineHeight,
      spans: [{ text: line, styles }],
    })),
  };
}

export interface CoverDocument {
  doc: AlbumDocument;
  /** The image records the cover draws (elements and the photos of its stickers). */
  imageIds: string[];
}

export function coverDocument(doc: AlbumDocument, meta: AlbumMeta): CoverDocument {
  const cover = spreadsInOrder(doc)[0];
  const kept: DocNode[] = cover
    ? [...ancestorsOf(doc, cover.id), cover, ...descendantsOf(doc, cover.id)]
    : [doc.nodes[doc.rootId]].filter(Boolean);
  const nodes: Record<string, DocNode> = {};
  const stickers: Record<string, Sticker> = {};
  const imageIds = new Set<string>();
  for (const node of kept) {
    const symbolValue = node.type === 'Text' ? resolveNodeSymbol(doc, node.id, meta) : undefined;
    if (symbolValue !== undefined) {
      const { symbol: _symbol, ...props } = node.props;
      nodes[node.id] = {
        ...node,
        props: { ...props, text: withSymbolValue(node.props.text as RichText, symbolValue) },
      };
    } else nodes[node.id] = node;
    if (typeof node.props.image === 'string') imageIds.add(node.props.image);
    const stickerId = node.props.stickerId;
    if (typeof stickerId === 'string' && Object.hasOwn(doc.stickers, stickerId)) {
      const sticker = doc.stickers[stickerId];
      stickers[stickerId] = sticker;
      if (sticker.image) imageIds.add(sticker.image);
    }
  }
  return { doc: { ...doc, nodes, stickers }, imageIds: [...imageIds] };
}
