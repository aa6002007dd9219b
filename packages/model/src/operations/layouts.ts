/**
 * Layouts (SPEC §2 spread creation modal, §4 "layout replaces content"): a layout is a spread of the album's
 * blueprint — its fill and its element trees. Applying one to a spread replaces the spread's content; the spread
 * creation modal also creates stickers from the dropped photos and places them, and the dropped backgrounds, into
 * the layout's slots, all as one change (one history entry).
 *
 * Slots: every StickerCell is a sticker slot, every Image element a background slot (SPEC §5: stickers at least
 * 1, backgrounds at least 0). Slots fill in reading order — left page, then top to bottom, then left to right, as
 * sticker numbering reads — and a double sticker prefers a double-width cell.
 */
import { DOUBLE_STICKER_CELL_MM, type AlbumDocument, type DocNode, type Fill } from '../document.ts';
import { nodeBoundsInSpread, pageSideAt } from '../geometry.ts';
import { createId, type IdFactory } from '../ids.ts';
import { applyPatches, propPath, type Patch } from '../patches.ts';
import { childrenOf, descendantsOf, sectionOf, spreadsInOrder } from '../tree.ts';
import { fillImageSlot } from './image-slots.ts';
import { addSpread, appendSpread } from './spreads.ts';
import { createSticker, placeSticker, type NewSticker } from './stickers.ts';
import {
  addTreePatches,
  keysBetween,
  removeSubtreePatches,
  requireSpread,
  toElementTree,
  withoutStickers,
  type Change,
  type ElementTree,
} from './shared.ts';

export interface Layout {
  /** The blueprint spread it was taken from. */
  id: string;
  fill?: Fill;
  trees: ElementTree[];
}

export interface LayoutSlots {
  stickers: number;
  backgrounds: number;
}

/** Every spread of a blueprint document as a layout, in album order. */
export function layoutsOf(blueprint: AlbumDocument): Layout[] {
  return spreadsInOrder(blueprint).map((spread) => ({
    id: spread.id,
    ...(spread.props.fill !== undefined ? { fill: spread.props.fill as Fill } : {}),
    trees: childrenOf(blueprint, spread.id).map((child) => withoutStickers(toElementTree(blueprint, child))),
  }));
}

/** SPEC §2: the first and last layouts are the covers and are not offered for new spreads. */
export function insertableLayouts(layouts: readonly Layout[]): Layout[] {
  return layouts.slice(1, -1);
}

export function layoutSlots(layout: Layout): LayoutSlots {
  const slots: LayoutSlots = { stickers: 0, backgrounds: 0 };
  const visit = (tree: ElementTree) => {
    if (tree.type === 'StickerCell') slots.stickers++;
    else if (tree.type === 'Image') slots.backgrounds++;
    tree.children?.forEach(visit);
  };
  layout.trees.forEach(visit);
  return slots;
}

/** Elements of a type on a spread (through groups) in reading order: left page first, top to bottom, left to right. */
function elementsInReadingOrder(doc: AlbumDocument, spreadId: string, type: DocNode['type']): DocNode[] {
  const found = descendantsOf(doc, spreadId)
    .map((node, stack) => ({ node, stack }))
    .filter(({ node }) => node.type === type)
    .map(({ node, stack }) => {
      const bounds = nodeBoundsInSpread(doc, node.id);
      const side = pageSideAt(bounds.x + bounds.width / 2) === 'left' ? 0 : 1;
      return { node, stack, side, top: bounds.y, left: bounds.x };
    });
  found.sort((a, b) => a.side - b.side || a.top - b.top || a.left - b.left || a.stack - b.stack);
  return found.map(({ node }) => node);
}

/** Cells and Images in a layout are re-targeted at the spread's section; image slots stay as designed. */
function retarget(tree: ElementTree, sectionId: string | undefined): ElementTree {
  const props = { ...tree.props };
  if (tree.type === 'StickerCell' || 'sectionId' in props) {
    if (sectionId) props.sectionId = sectionId;
    else delete props.sectionId;
  }
  return {
    ...tree,
    props,
    ...(tree.children ? { children: tree.children.map((child) => retarget(child, sectionId)) } : {}),
  };
}

/**
 * Collects the patches of a composite operation and applies them to a working copy when a later step reads it,
 * so each step sees the earlier writes. Lazily: a plain layout drop never reads its result, and the caller
 * applies the patches anyway, so applying them here too would double the cost of the biggest change we make.
 */
class Composer {
  readonly patches: Patch[] = [];
  private current: AlbumDocument;
  private unapplied: Patch[] = [];
  constructor(doc: AlbumDocument) {
    this.current = doc;
  }
  get doc(): AlbumDocument {
    if (this.unapplied.length > 0) {
      this.current = applyPatches(this.current, this.unapplied);
      this.unapplied = [];
    }
    return this.current;
  }
  add(patches: readonly Patch[]): void {
    if (patches.length === 0) return;
    this.patches.push(...patches);
    this.unapplied.push(...patches);
  }
}

export interface FillSlotsInput {
  /** Existing stickers to place, in order. */
  stickerIds?: readonly string[];
  /** Stickers to create in the spread's section and place (the modal's dropped photos). */
  newStickers?: readonly NewSticker[];
  /** Image record ids for the background slots, in order. */
  backgroundImageIds?: readonly string[];
}

function replaceContent(composer: Composer, spreadId: string, layout: Layout, newId: IdFactory): void {
  const spread = requireSpread(composer.doc, spreadId);
  const section = sectionOf(composer.doc, spreadId);
  const existing = childrenOf(composer.doc, spreadId).map((child) => child.id);
  const patches: Patch[] = removeSubtreePatches(composer.doc, existing);
  const hasFill = Object.hasOwn(spread.props, 'fill');
  if (layout.fill !== undefined) {
    patches.push({ op: hasFill ? 'replace' : 'add', path: propPath(spreadId, 'fill'), value: layout.fill });
  } else if (hasFill) patches.push({ op: 'remove', path: propPath(spreadId, 'fill') });
  const trees = layout.trees.map((tree) => retarget(withoutStickers(tree), section?.id));
  patches.push(...addTreePatches(spreadId, trees, keysBetween(null, null, trees.length), newId).patches);
  composer.add(patches);
}

function fillSlots(composer: Composer, spreadId: string, input: FillSlotsInput, newId: IdFactory): void {
  // A plain layout drop fills nothing; skip the tree lookups on the new document (a full index rebuild each).
  if (!input.stickerIds?.length && !input.newStickers?.length && !input.backgroundImageIds?.length) return;
  const sectionId = sectionOf(composer.doc, spreadId)?.id;
  const stickerIds = [...(input.stickerIds ?? [])];
  for (const sticker of input.newStickers ?? []) {
    const change = createSticker(
      composer.doc,
      { ...sticker, sectionId: sticker.sectionId ?? sectionId },
      newId,
    );
    composer.add(change.patches);
    stickerIds.push(change.selection[0]);
  }

  const free = elementsInReadingOrder(composer.doc, spreadId, 'StickerCell');
  const isDoubleCell = (cell: DocNode) => (cell.props.width as number) >= DOUBLE_STICKER_CELL_MM.width;
  for (const stickerId of stickerIds) {
    const sticker = composer.doc.stickers[stickerId];
    if (!sticker || free.length === 0) break;
    const preferred = free.findIndex((cell) => isDoubleCell(cell) === sticker.doubleSticker);
    const [cell] = free.splice(preferred >= 0 ? preferred : 0, 1);
    // placeSticker also empties the cell the sticker sat in and moves it to this spread's section.
    composer.add(placeSticker(composer.doc, stickerId, cell.id).patches);
  }

  const images = elementsInReadingOrder(composer.doc, spreadId, 'Image');
  (input.backgroundImageIds ?? []).slice(0, images.length).forEach((imageId, i) => {
    composer.add(fillImageSlot(composer.doc, images[i].id, { image: imageId }).patches);
  });
}

/**
 * Replaces a spread's content with a layout (SPEC §4 layout drop): its elements are removed (stickers in its
 * cells become unplaced), the layout's fill and elements come in with fresh ids, cells belong to the spread's
 * section, and the given stickers and background images fill the slots. Confirmation is the UI's job.
 */
export function applyLayout(
  doc: AlbumDocument,
  spreadId: string,
  layout: Layout,
  newId: IdFactory = createId,
  slots: FillSlotsInput = {},
): Change {
  const composer = new Composer(doc);
  replaceContent(composer, spreadId, layout, newId);
  fillSlots(composer, spreadId, slots, newId);
  return { patches: composer.patches, selection: [spreadId] };
}

export interface NewSpreadTarget {
  /** Insert right after this spread (the add-spread button under a spread). */
  afterSpreadId?: string;
  /** Otherwise append to this section (default: the last non-static section). */
  sectionId?: string;
}

/**
 * The spread creation modal's Create (SPEC §4): a new spread, the layout applied to it, stickers created from the
 * dropped photos and placed with the backgrounds, in one change. NO_EDITABLE_SECTION when there is no
 * non-static section to put it in.
 */
export function createSpreadFromLayout(
  doc: AlbumDocument,
  target: NewSpreadTarget,
  layout: Layout,
  newId: IdFactory = createId,
  slots: FillSlotsInput = {},
): Change {
  const composer = new Composer(doc);
  const created =
    target.afterSpreadId !== undefined
      ? addSpread(doc, target.afterSpreadId, 'after', newId)
      : appendSpread(doc, target.sectionId, newId);
  composer.add(created.patches);
  const spreadId = created.selection[0];
  replaceContent(composer, spreadId, layout, newId);
  fillSlots(composer, spreadId, slots, newId);
  return { patches: composer.patches, selection: [spreadId] };
}

/** Whether a layout drop would destroy content (SPEC §5: warn of loss). */
export function spreadHasContent(doc: AlbumDocument, spreadId: string): boolean {
  return childrenOf(doc, spreadId).length > 0;
}
