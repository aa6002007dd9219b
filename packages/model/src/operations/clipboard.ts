/**
 * Copy, cut and paste (SPEC §4). The clipboard is plain JSON `{ format: 'stickerbook/elements@1', elements }`
 * so it can travel through the system clipboard between albums; anything else, or a clipboard that does not
 * validate, is ignored (paste returns no change).
 */
import { z } from 'zod';
import type { AlbumDocument } from '../document.ts';
import { placementFromMatrix, placementOf, spreadMatrix } from '../geometry.ts';
import { createId, type IdFactory } from '../ids.ts';
import { elementPropsSchema, ELEMENT_TYPES } from '../schema.ts';
import { getNode } from '../tree.ts';
import { cellsOfSticker } from './stickers.ts';
import { deleteElements, insertElementTrees } from './elements.ts';
import {
  NO_CHANGE,
  requireElement,
  requireSpread,
  round9,
  toElementTree,
  topLevelIds,
  type Change,
  type ElementTree,
} from './shared.ts';

export const CLIPBOARD_FORMAT = 'stickerbook/elements@1';

export interface Clipboard {
  format: typeof CLIPBOARD_FORMAT;
  /** Top-level elements in spread coordinates, in stacking order. */
  elements: ElementTree[];
}

const MAX_DEPTH = 16;
const MAX_ELEMENTS = 5000;

const elementTreeSchema: z.ZodType<ElementTree> = z.lazy(() =>
  z.strictObject({
    type: z.enum(ELEMENT_TYPES),
    props: elementPropsSchema,
    children: z.array(elementTreeSchema).optional(),
  }),
);

const clipboardSchema = z.strictObject({
  format: z.literal(CLIPBOARD_FORMAT),
  elements: z.array(elementTreeSchema).max(MAX_ELEMENTS),
});

/** Size and depth of element trees; NaN count when a group is empty or another element has children. */
function countAndDepth(trees: readonly ElementTree[], depth = 1): { count: number; depth: number } {
  let count = 0;
  let deepest = depth;
  for (const tree of trees) {
    count++;
    if ((tree.type === 'Group') !== (tree.children !== undefined && tree.children.length > 0)) count = NaN;
    if (tree.children) {
      const inner = countAndDepth(tree.children, depth + 1);
      count += inner.count;
      deepest = Math.max(deepest, inner.depth);
    }
  }
  return { count, depth: deepest };
}

/**
 * What clipboard content from outside (system clipboard, another album) is: ours and valid (`clipboard`), ours
 * but invalid (`issue`: why, never the content, which holds people's names), or foreign (neither: any other text,
 * which a paste ignores, SPEC §4). SPEC §8 "invalid clipboard logged": the editor reports an `issue`.
 */
export function readClipboard(data: unknown): { clipboard?: Clipboard; issue?: string } {
  let value = data;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    (value as { format?: unknown }).format !== CLIPBOARD_FORMAT
  ) {
    return {};
  }
  let parsed;
  try {
    parsed = clipboardSchema.safeParse(value);
  } catch {
    // A maliciously deep payload can exhaust the stack inside the recursive schema.
    return { issue: 'nested too deeply to read' };
  }
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { issue: `${first?.code ?? 'invalid'} at ${(first?.path ?? []).join('.') || 'top level'}` };
  }
  const { count, depth } = countAndDepth(parsed.data.elements);
  if (!(count <= MAX_ELEMENTS)) return { issue: `${count} elements, more than ${MAX_ELEMENTS}` };
  if (depth > MAX_DEPTH) return { issue: `nested ${depth} deep, more than ${MAX_DEPTH}` };
  return { clipboard: parsed.data as Clipboard };
}

/** Validates clipboard content from outside. Undefined when it is not ours or not valid. */
export function parseClipboard(data: unknown): Clipboard | undefined {
  return readClipboard(data).clipboard;
}

/** Copies elements (with descendants) into a clipboard; elements inside groups are lifted to spread coordinates. */
export function copyElements(doc: AlbumDocument, ids: readonly string[]): Clipboard {
  const elements = topLevelIds(doc, ids).map((id) => {
    const node = requireElement(doc, id);
    const tree = toElementTree(doc, node);
    const parent = getNode(doc, node.parentId!);
    if (parent?.type === 'Group') {
      const { width, height } = placementOf(node.props);
      const placement = placementFromMatrix(spreadMatrix(doc, id), width, height);
      tree.props = { ...tree.props, x: round9(placement.x), y: round9(placement.y) };
      if (placement.rotation !== 0 || tree.props.rotation !== undefined)
        tree.props.rotation = round9(placement.rotation);
      if (placement.scale !== 1 || tree.props.scale !== undefined) tree.props.scale = round9(placement.scale);
    }
    return tree;
  });
  return { format: CLIPBOARD_FORMAT, elements };
}

/** Cut = copy + delete. */
export function cutElements(
  doc: AlbumDocument,
  ids: readonly string[],
): { clipboard: Clipboard; change: Change } {
  return { clipboard: copyElements(doc, ids), change: deleteElements(doc, ids) };
}

export interface PasteOptions {
  /** Added to x and y of each top-level element (e.g. 10 when pasting onto the spread it was copied from). */
  offset?: number;
}

/**
 * Pastes clipboard content on top of a spread with fresh ids. Sticker cells keep their sticker only when that
 * sticker exists in this album and is not placed elsewhere (so cut + paste moves a sticker, copy + paste does
 * not place it twice); `sectionId` props naming a section that does not exist here are dropped.
 */
export function pasteElements(
  doc: AlbumDocument,
  data: unknown,
  targetSpreadId: string,
  options: PasteOptions = {},
  newId: IdFactory = createId,
): Change {
  const clipboard = parseClipboard(data);
  if (!clipboard || clipboard.elements.length === 0) return NO_CHANGE;
  requireSpread(doc, targetSpreadId);
  const claimed = new Set<string>();
  const adapt = (tree: ElementTree, top: boolean): ElementTree => {
    const props = { ...tree.props };
    if (typeof props.stickerId === 'string') {
      const usable =
        tree.type === 'StickerCell' &&
        Object.hasOwn(doc.stickers, props.stickerId) &&
        cellsOfSticker(doc, props.stickerId).length === 0 &&
        !claimed.has(props.stickerId);
      if (usable) claimed.add(props.stickerId);
      else delete props.stickerId;
    }
    if (typeof props.sectionId === 'string' && getNode(doc, props.sectionId)?.type !== 'Section')
      delete props.sectionId;
    if (top && options.offset) {
      props.x = round9((props.x as number) + options.offset);
      props.y = round9((props.y as number) + options.offset);
    }
    return {
      ...tree,
      props,
      ...(tree.children ? { children: tree.children.map((child) => adapt(child, false)) } : {}),
    };
  };
  const trees = clipboard.elements.map((tree) => adapt(tree, true));
  return insertElementTrees(doc, targetSpreadId, trees, newId);
}
