import type { AlbumDocument, DocNode, Sticker } from '@stickerbook/model';
import { randomBytes } from 'node:crypto';

/** 16 base64url characters: the model's id alphabet (`[A-Za-z0-9_-]`), 96 random bits. */
const newNodeId = () => randomBytes(12).toString('base64url');

/** Props that hold another node's or a sticker's id and must follow the renaming. */
const ID_PROPS = ['sectionId', 'stickerId'] as const;

/**
 * The album's own copy of a blueprint document. Every node and sticker gets a fresh id so albums made from
 * the same blueprint never share ids (clipboard and sync key on them). With `emptyInside` (wizard option)
 * only the static sections keep their spreads: cover and intro pages stay, the inner pages go.
 */
export function copyBlueprintDocument(
  source: AlbumDocument,
  options: { emptyInside?: boolean } = {},
): AlbumDocument {
  const keep = options.emptyInside
    ? nodesOutsideNonStaticSpreads(source)
    : new Set(Object.keys(source.nodes));
  const ids = new Map<string, string>();
  for (const id of keep) ids.set(id, newNodeId());
  // Empty inside also means no sample stickers in the emptied sections.
  const keptStickers = Object.values(source.stickers).filter(
    (sticker) => !options.emptyInside || source.nodes[sticker.sectionId]?.props.static === true,
  );
  for (const sticker of keptStickers) ids.set(sticker.id, newNodeId());
  const rename = (id: string) => ids.get(id) ?? id;

  const nodes: Record<string, DocNode> = {};
  for (const id of keep) {
    const node = source.nodes[id];
    const props = structuredClone(node.props);
    for (const key of ID_PROPS) {
      if (typeof props[key] === 'string') {
        // A cell whose sticker was dropped (empty inside) becomes an empty cell.
        if (key === 'stickerId' && !ids.has(props[key])) delete props[key];
        else props[key] = rename(props[key]);
      }
    }
    nodes[rename(id)] = { ...node, id: rename(id), parentId: node.parentId && rename(node.parentId), props };
  }
  const stickers: Record<string, Sticker> = {};
  for (const sticker of keptStickers) {
    stickers[rename(sticker.id)] = {
      ...structuredClone(sticker),
      id: rename(sticker.id),
      sectionId: rename(sticker.sectionId),
    };
  }
  return { ...structuredClone(source), rootId: rename(source.rootId), nodes, stickers };
}

/** Every node except the spreads (and their descendants) of non-static sections. */
function nodesOutsideNonStaticSpreads(doc: AlbumDocument): Set<string> {
  const dropped = new Set<string>();
  const isDropped = (node: DocNode): boolean => {
    if (dropped.has(node.id)) return true;
    const parent = node.parentId ? doc.nodes[node.parentId] : undefined;
    if (!parent) return false;
    const drop =
      (node.type === 'Spread' && parent.type === 'Section' && parent.props.static !== true) ||
      isDropped(parent);
    if (drop) dropped.add(node.id);
    return drop;
  };
  return new Set(
    Object.values(doc.nodes)
      .filter((node) => !isDropped(node))
      .map((node) => node.id),
  );
}
