/**
 * The editor benchmark's album as a flat list of tldraw shapes: the same 1,000 nodes of `makeLargeAlbum()`
 * (600 sticker cells as sticker-sized rectangles, and images, texts, rectangles, circles, lines, groups of two rectangles) at the same canvas
 * positions (spreads stacked as packages/model lays them out, 1 mm = 1 tldraw unit), so both editors show the
 * same scene through the same camera. Shape ids are `shape:<node id>`, so the benchmark selects the same 50
 * elements on both sides.
 */
import { spreadOriginMm, spreadsInOrder, type AlbumDocument, type DocNode } from '@stickerbook/model';

export type SceneShape =
  | {
      kind: 'geo';
      id: string;
      parentId: string | null;
      geo: 'rectangle' | 'ellipse';
      x: number;
      y: number;
      w: number;
      h: number;
      rotation: number;
    }
  | { kind: 'text'; id: string; parentId: string | null; x: number; y: number; w: number; text: string }
  | { kind: 'image'; id: string; parentId: string | null; x: number; y: number; w: number; h: number }
  | { kind: 'group'; id: string; parentId: string | null; x: number; y: number };

const num = (value: unknown, fallback = 0): number => (typeof value === 'number' ? value : fallback);

function plainText(node: DocNode): string {
  const text = node.props.text as { blocks?: Array<{ spans?: Array<{ text?: string }> }> } | undefined;
  return (text?.blocks ?? [])
    .map((block) => (block.spans ?? []).map((span) => span.text ?? '').join(''))
    .join('\n');
}

export function tldrawScene(doc: AlbumDocument): SceneShape[] {
  const shapes: SceneShape[] = [];
  const children = new Map<string, DocNode[]>();
  for (const node of Object.values(doc.nodes)) {
    if (!node.parentId) continue;
    const list = children.get(node.parentId) ?? [];
    list.push(node);
    children.set(node.parentId, list);
  }
  for (const list of children.values())
    list.sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : 0));

  const add = (node: DocNode, parentId: string | null, ox: number, oy: number) => {
    const p = node.props;
    const x = ox + num(p.x);
    const y = oy + num(p.y);
    const w = num(p.width, 1);
    const h = num(p.height, 1);
    const id = `shape:${node.id}`;
    switch (node.type) {
      case 'StickerCell':
      case 'Rectangle':
      case 'Line':
        shapes.push({
          kind: 'geo',
          id,
          parentId,
          geo: 'rectangle',
          x,
          y,
          w,
          h,
          rotation: (num(p.rotation) * Math.PI) / 180,
        });
        break;
      case 'Circle':
        shapes.push({ kind: 'geo', id, parentId, geo: 'ellipse', x, y, w, h, rotation: 0 });
        break;
      case 'Text':
        shapes.push({ kind: 'text', id, parentId, x, y, w, text: plainText(node) });
        break;
      case 'Image':
        shapes.push({ kind: 'image', id, parentId, x, y, w, h });
        break;
      case 'Group':
        shapes.push({ kind: 'group', id, parentId, x, y });
        // Children are relative to their group, as tldraw's are to their parent.
        for (const child of children.get(node.id) ?? []) add(child, id, 0, 0);
        break;
      default:
        break;
    }
  };

  spreadsInOrder(doc).forEach((spread, ordinal) => {
    const origin = spreadOriginMm(ordinal);
    for (const node of children.get(spread.id) ?? []) add(node, null, origin.x, origin.y);
  });
  return shapes;
}
