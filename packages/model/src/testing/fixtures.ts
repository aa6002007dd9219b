/**
 * Documents for tests and benchmarks: `makeLargeAlbum` (the benchmark album of issue 3: 60 spreads, 600 sticker
 * cells, 400 other elements) and the patches that fill its cells. Ids are deterministic so benchmark runs are
 * comparable. A new album (`createBlankAlbum`) is product code and lives in `blank-album.ts`.
 */
import { DocumentBuilder, defaultSettings } from '../blank-album.ts';
import type { AlbumDocument, Sticker } from '../document.ts';
import { DOUBLE_STICKER_CELL_MM, PAGE_WIDTH_MM, STICKER_CELL_MM } from '../document.ts';
import { sequentialIds } from '../ids.ts';
import { sectionOf } from '../tree.ts';
import { stickerFieldPath, stickerPath, propPath, type Patch } from '../patches.ts';

export interface LargeAlbumOptions {
  spreads?: number;
  stickers?: number;
  otherElements?: number;
  /** Content sections the spreads are spread over. */
  sections?: number;
  /** Every n-th sticker is a double sticker (0: none). */
  doubleEvery?: number;
}

/** Deterministic pseudo-random numbers (a linear congruential generator), so every run builds the same album. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

/**
 * A valid album of `spreads` spreads (cover and back cover in static sections, the rest in content sections),
 * `stickers` stickers each placed in a cell (every 10th a double sticker), and `otherElements` further nodes:
 * images, texts (some automatic), rectangles, circles, lines and groups of two rectangles.
 */
export function makeLargeAlbum(options: LargeAlbumOptions = {}): AlbumDocument {
  const { spreads = 60, stickers = 600, otherElements = 400, sections = 6, doubleEvery = 10 } = options;
  const builder = new DocumentBuilder(sequentialIds('n'), 'root');
  const random = seeded(42);

  const cover = builder.add('Section', 'root', { name: 'Cover', static: true });
  const allSpreads = [builder.add('Spread', cover, {})];
  const contentCount = Math.max(0, spreads - 2);
  const sectionCount = Math.max(1, Math.min(sections, contentCount));
  const sectionIds: string[] = [];
  const contentSpreads: Array<{ spreadId: string; sectionId: string }> = [];
  for (let s = 0; s < sectionCount; s++) {
    const sectionId = builder.add('Section', 'root', { name: `Section ${s + 1}`, static: false });
    sectionIds.push(sectionId);
    const from = Math.floor((s * contentCount) / sectionCount);
    const to = Math.floor(((s + 1) * contentCount) / sectionCount);
    for (let i = from; i < to; i++) {
      const spreadId = builder.add('Spread', sectionId, {});
      contentSpreads.push({ spreadId, sectionId });
      allSpreads.push(spreadId);
    }
  }
  if (spreads >= 2) {
    const back = builder.add('Section', 'root', { name: 'Back', static: true });
    allSpreads.push(builder.add('Spread', back, {}));
  }

  // Stickers: spread evenly over the content spreads, in a grid of 4 columns x 3 rows per page.
  const perSpread = contentSpreads.length > 0 ? Math.ceil(stickers / contentSpreads.length) : 0;
  let placedOnSpread = 0;
  let spreadIndex = 0;
  let slot = 0;
  for (let i = 0; i < stickers; i++) {
    const double = doubleEvery > 0 && i % doubleEvery === doubleEvery - 1;
    const target = contentSpreads[spreadIndex];
    const sectionId = target?.sectionId ?? sectionIds[0];
    const stickerId = builder.newId();
    builder.stickers[stickerId] = {
      id: stickerId,
      name: `Person ${i + 1}`,
      position: i % 3 === 0 ? 'Team lead' : 'Member',
      doubleSticker: double,
      image: null,
      sectionId,
    };
    if (!target) continue;
    if (double && slot % 4 === 3) slot++; // a double sticker needs two free columns
    const page = Math.floor(slot / 12);
    const row = Math.floor((slot % 12) / 4);
    const column = slot % 4;
    const size = double ? DOUBLE_STICKER_CELL_MM : STICKER_CELL_MM;
    builder.add('StickerCell', target.spreadId, {
      x: page * PAGE_WIDTH_MM + 10 + column * 55,
      y: 20 + row * 80,
      width: size.width,
      height: size.height,
      stickerId,
    });
    slot += double ? 2 : 1;
    placedOnSpread++;
    if (placedOnSpread >= perSpread || slot >= 23) {
      spreadIndex = Math.min(spreadIndex + 1, contentSpreads.length);
      placedOnSpread = 0;
      slot = 0;
    }
  }

  // Other elements, round robin over all spreads.
  const kinds = ['Image', 'Text', 'Rectangle', 'Circle', 'Line', 'Group'] as const;
  let made = 0;
  let turn = 0;
  while (made < otherElements) {
    const spreadId = allSpreads[turn % allSpreads.length];
    let kind: (typeof kinds)[number] = kinds[turn % kinds.length];
    if (kind === 'Group' && otherElements - made < 3) kind = 'Rectangle';
    turn++;
    const x = Math.round(random() * 400);
    const y = Math.round(random() * 250);
    switch (kind) {
      case 'Image':
        builder.add('Image', spreadId, {
          x,
          y,
          width: 60,
          height: 40,
          image: `img${turn}`,
          cx: 0,
          cy: 0,
          cscale: 1,
        });
        break;
      case 'Text':
        builder.add('Text', spreadId, {
          x,
          y,
          width: 100,
          height: 20,
          ...(turn % 4 === 0
            ? { symbol: 'pagenum', text: { blocks: [{ spans: [{ text: '[pagenum]', styles: [] }] }] } }
            : {
                text: {
                  blocks: [{ lineHeight: 150, spans: [{ text: `Text ${turn}`, styles: ['SIZE-11'] }] }],
                },
              }),
        });
        break;
      case 'Rectangle':
        builder.add('Rectangle', spreadId, {
          x,
          y,
          width: 40,
          height: 30,
          fill: 2,
          rotation: turn % 7 === 0 ? 15 : 0,
        });
        break;
      case 'Circle':
        builder.add('Circle', spreadId, { x, y, width: 30, height: 30, fill: '#e63946', opacity: 80 });
        break;
      case 'Line':
        builder.add('Line', spreadId, { x, y, width: 100, height: 1, stroke: 1, strokeWidth: 1 });
        break;
      case 'Group': {
        const group = builder.add('Group', spreadId, { x, y, width: 60, height: 30 });
        builder.add('Rectangle', group, { x: 0, y: 0, width: 25, height: 30, fill: 3 });
        builder.add('Rectangle', group, { x: 35, y: 0, width: 25, height: 30, fill: 4 });
        made += 2;
        break;
      }
    }
    made++;
  }
  return builder.doc(defaultSettings());
}

/**
 * The patches that make an album pass the order preflight's sticker checks, as the browser tests and benchmarks
 * need it: every empty sticker cell gets a sticker of its section ("Gast 1", "Gast 2", …, ids `${idPrefix}-0`, …)
 * and every sticker without a name is named.
 */
export function fillStickerCellsPatches(doc: AlbumDocument, idPrefix: string): Patch[] {
  const emptyCells = Object.values(doc.nodes).filter(
    (node) => node.type === 'StickerCell' && !node.props.stickerId,
  );
  const patches: Patch[] = emptyCells.flatMap((cell, index) => {
    const id = `${idPrefix}-${index}`;
    const sticker: Sticker = {
      id,
      name: `Gast ${index + 1}`,
      position: '',
      doubleSticker: false,
      sectionId: sectionOf(doc, cell.id)?.id ?? '',
    };
    return [
      { op: 'add', path: stickerPath(id), value: sticker },
      { op: 'add', path: propPath(cell.id, 'stickerId'), value: id },
    ];
  });
  for (const [id, sticker] of Object.entries(doc.stickers ?? {})) {
    if (!sticker.name) patches.push({ op: 'replace', path: stickerFieldPath(id, 'name'), value: 'Alex' });
  }
  return patches;
}
