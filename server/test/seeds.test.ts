/**
 * The seed data files (server/seeds): six designed blueprints and the sticker frame templates 595-617.
 * The server upserts these files on every start, so a malformed one would break start-up or hand users a
 * broken album; these tests are the gate.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateKeyBetween } from 'fractional-indexing';
import { describe, expect, it } from 'vitest';
import * as model from '@stickerbook/model';
import type { AlbumDocument, DocNode, StickerTemplate } from '@stickerbook/model';
import { allBlueprints } from '../seeds/build/designs/index.ts';
import { stickerTemplates } from '../seeds/build/templates.ts';
import type { BlueprintSeed } from '../seeds/build/blueprint.ts';
import { translatableTexts } from '../src/blueprints/texts.ts';

const seedsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'seeds');
const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const jsonFiles = (dir: string): string[] =>
  readdirSync(join(seedsDir, dir))
    .filter((name) => name.endsWith('.json'))
    .sort();

const blueprintFiles = jsonFiles('blueprints');
const blueprints = blueprintFiles.map((name) => ({
  name,
  blueprint: readJson(join(seedsDir, 'blueprints', name)) as BlueprintSeed,
}));
const templateFiles = jsonFiles('sticker-templates');
const templates = templateFiles.map((name) => ({
  name,
  template: readJson(join(seedsDir, 'sticker-templates', name)) as StickerTemplate,
}));

const SPREAD_W = 460;
const SPREAD_H = 297;
const FOLD_X = 230;
const EPSILON = 0.001;
const CATEGORIES = ['business', 'wedding', 'sports', 'birthday', 'school', 'community'];
const ELEMENT_TYPES = [
  'Group',
  'Image',
  'Text',
  'Rectangle',
  'Circle',
  'Line',
  'Sticker',
  'StickerCell',
  'Comment',
];
const AUTO_SYMBOLS = [
  'sticker-name',
  'sticker-position',
  'sticker-number',
  'sticker-nextnumber',
  'section',
  'pagenum',
  'totalpages',
  'album',
  'totalstickers',
  'toc_pages',
  'toc_sections',
  'release_date',
];
const REQUIRED_SYMBOLS = [
  'album',
  'release_date',
  'section',
  'pagenum',
  'totalpages',
  'totalstickers',
  'toc_sections',
];
const TEMPLATE_FIELDS = ['line', 'line1', 'line2', 'position', 'number', 'nextnumber'];
const FONT_ROLES = ['FONT-title', 'FONT-sub_title', 'FONT-paragraph'];

function childrenOf(nodes: Record<string, DocNode>, parentId: string): DocNode[] {
  return Object.values(nodes)
    .filter((node) => node.parentId === parentId)
    .sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : 0));
}

function isValidOrderKey(key: string): boolean {
  try {
    generateKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}

/** Axis-aligned bounds of a box turned by `rotation` degrees about its centre. */
function bounds(props: Record<string, unknown>): {
  left: number;
  top: number;
  right: number;
  bottom: number;
} {
  const { x, y, width, height } = props as { x: number; y: number; width: number; height: number };
  const radians = (((props.rotation as number | undefined) ?? 0) * Math.PI) / 180;
  const w = Math.abs(width * Math.cos(radians)) + Math.abs(height * Math.sin(radians));
  const h = Math.abs(width * Math.sin(radians)) + Math.abs(height * Math.cos(radians));
  const cx = x + width / 2;
  const cy = y + height / 2;
  return { left: cx - w / 2, top: cy - h / 2, right: cx + w / 2, bottom: cy + h / 2 };
}

/** Structural checks shared by album documents and templates: parents, children, keys, sibling indexes. */
function treeProblems(nodes: Record<string, DocNode>, rootId: string): string[] {
  const problems: string[] = [];
  if (nodes[rootId]?.parentId !== null) problems.push(`root ${rootId} missing or has a parent`);
  const siblingIndexes = new Set<string>();
  for (const [key, node] of Object.entries(nodes)) {
    if (node.id !== key) problems.push(`${key}: stored under another id (${node.id})`);
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(node.id)) problems.push(`${key}: id not URL-safe`);
    if (!isValidOrderKey(node.index)) problems.push(`${key}: invalid fractional index ${node.index}`);
    const siblingKey = `${node.parentId}/${node.index}`;
    if (siblingIndexes.has(siblingKey)) problems.push(`${key}: index ${node.index} repeats among siblings`);
    siblingIndexes.add(siblingKey);
    if (node.parentId === null) {
      if (key !== rootId) problems.push(`${key}: a second root`);
      continue;
    }
    if (!nodes[node.parentId]) problems.push(`${key}: parent ${node.parentId} missing`);
    const children = childrenOf(nodes, key).length;
    if (node.type === 'Group' && children === 0) problems.push(`${key}: group without children`);
    if (ELEMENT_TYPES.includes(node.type) && node.type !== 'Group' && children > 0) {
      problems.push(`${key}: ${node.type} with children`);
    }
  }
  return problems;
}

function textProblems(node: DocNode): string[] {
  const problems: string[] = [];
  const text = node.props.text as {
    blocks?: Array<{ lineHeight?: number; spans: Array<{ text: string; styles: string[] }> }>;
  };
  if (!text?.blocks?.length) return [`${node.id}: text without blocks`];
  for (const block of text.blocks) {
    if (block.lineHeight !== undefined && ![100, 120, 150, 200].includes(block.lineHeight)) {
      problems.push(`${node.id}: line height ${block.lineHeight}`);
    }
    for (const span of block.spans) {
      const font = span.styles.filter((style) => style.startsWith('FONT-'));
      if (font.length !== 1 || !FONT_ROLES.includes(font[0]))
        problems.push(`${node.id}: font ${font.join()}`);
      const size = span.styles.find((style) => style.startsWith('SIZE-'));
      const points = Number(size?.slice(5));
      if (!(points >= 4 && points <= 72)) problems.push(`${node.id}: size ${size}`);
    }
  }
  return problems;
}

describe('blueprint seeds', () => {
  it('has one blueprint per category, each in a file named after its id', () => {
    expect(blueprints.map(({ blueprint }) => blueprint.blueprint_category).sort()).toEqual(
      [...CATEGORIES].sort(),
    );
    for (const { name, blueprint } of blueprints) expect(name).toBe(`${blueprint.id}.json`);
  });

  it('matches the files the generator writes (the committed data is up to date)', () => {
    const generated = Object.fromEntries(
      allBlueprints().map((blueprint) => [`${blueprint.id}.json`, blueprint]),
    );
    expect(Object.keys(generated).sort()).toEqual(blueprintFiles);
    for (const { name, blueprint } of blueprints) expect(blueprint).toEqual(generated[name]);
  });

  describe.each(blueprints)('$name', ({ blueprint }) => {
    const doc: AlbumDocument = blueprint.workspace;
    const nodes = doc.nodes;
    const sections = childrenOf(nodes, doc.rootId);
    const spreadsOf = (sectionId: string) => childrenOf(nodes, sectionId);

    it('has the blueprint file shape with a palette of five colours and three font roles', () => {
      expect(Object.keys(blueprint).sort()).toEqual(
        ['blueprint_category', 'colors', 'fonts', 'id', 'images', 'title', 'workspace'].sort(),
      );
      expect(blueprint.colors).toHaveLength(5);
      for (const colour of blueprint.colors) expect(colour).toMatch(/^#[0-9A-F]{6}$/);
      expect(Object.keys(blueprint.fonts).sort()).toEqual(['paragraph', 'sub_title', 'title']);
      expect(blueprint.images).toEqual([]);
      expect(doc.schemaVersion).toBe(1);
      expect(doc.stickers).toEqual({});
      expect(doc.settings.colors).toEqual(blueprint.colors);
      expect(doc.settings.fonts).toEqual(blueprint.fonts);
      expect(doc.settings.stickerTemplateSettings.id).toBe(doc.settings.stickerTemplateId);
      expect(templateFiles).toContain(`${doc.settings.stickerTemplateId}.json`);
    });

    it('is a valid tree: parents exist, groups have children, other elements have none', () => {
      expect(treeProblems(nodes, doc.rootId)).toEqual([]);
      expect(nodes[doc.rootId].type).toBe('Root');
      for (const node of Object.values(nodes)) {
        if (node.parentId === null) continue;
        const parentType = nodes[node.parentId].type;
        if (node.type === 'Section') expect(parentType).toBe('Root');
        else if (node.type === 'Spread') expect(parentType).toBe('Section');
        else expect(['Spread', 'Group']).toContain(parentType);
      }
    });

    it('passes the model document schema and has no invariant violations', () => {
      expect(model.albumDocumentSchema.safeParse(doc).error).toBeUndefined();
      expect(model.checkInvariants(doc)).toEqual([]);
    });

    it('uses palette indices inside the palette, font roles, valid sizes and known symbols', () => {
      const problems: string[] = [];
      const checkColour = (id: string, value: unknown) => {
        if (typeof value === 'number' && (value < 0 || value >= blueprint.colors.length)) {
          problems.push(`${id}: palette index ${value}`);
        }
        if (typeof value === 'object' && value !== null) {
          for (const colour of (value as { colors: unknown[] }).colors) checkColour(id, colour);
        }
      };
      for (const node of Object.values(nodes)) {
        checkColour(node.id, node.props.fill);
        checkColour(node.id, node.props.stroke);
        for (const key of ['opacity', 'fillOpacity'] as const) {
          const value = node.props[key];
          if (value !== undefined && !((value as number) >= 0 && (value as number) <= 100)) {
            problems.push(`${node.id}: ${key} ${value}`);
          }
        }
        if (node.type === 'Text') problems.push(...textProblems(node));
        const symbol = node.props.symbol;
        if (symbol !== undefined && !AUTO_SYMBOLS.includes(symbol as string))
          problems.push(`${node.id}: symbol ${symbol}`);
      }
      expect(problems).toEqual([]);
    });

    it('keeps every element on its spread, and sticker cells off the trim and the fold', () => {
      const problems: string[] = [];
      for (const spread of Object.values(nodes).filter((node) => node.type === 'Spread')) {
        const cells: Array<ReturnType<typeof bounds>> = [];
        for (const element of childrenOf(nodes, spread.id)) {
          const box = bounds(element.props);
          if (
            box.left < -EPSILON ||
            box.top < -EPSILON ||
            box.right > SPREAD_W + EPSILON ||
            box.bottom > SPREAD_H + EPSILON
          ) {
            problems.push(`${element.id}: leaves the spread`);
          }
          if (element.type !== 'StickerCell') continue;
          const { width, height, stickerId, sectionId } = element.props;
          if (!((width === 50 || width === 100) && height === 70))
            problems.push(`${element.id}: size ${width}x${height}`);
          if (stickerId !== undefined) problems.push(`${element.id}: not empty`);
          if (sectionId !== spread.parentId) problems.push(`${element.id}: section ${sectionId}`);
          if (box.left < 10 || box.top < 10 || box.right > SPREAD_W - 10 || box.bottom > SPREAD_H - 10) {
            problems.push(`${element.id}: closer than 10 mm to the trim`);
          }
          if (box.right > FOLD_X - 8 && box.left < FOLD_X + 8)
            problems.push(`${element.id}: on or near the fold`);
          for (const other of cells) {
            if (
              box.left < other.right &&
              other.left < box.right &&
              box.top < other.bottom &&
              other.top < box.bottom
            ) {
              problems.push(`${element.id}: overlaps another cell`);
            }
          }
          cells.push(box);
        }
      }
      expect(problems).toEqual([]);
    });

    it('opens with a static cover section and has at least 4 inner spreads in 2+ content sections', () => {
      expect(sections[0].props.static).toBe(true);
      expect(spreadsOf(sections[0].id).length).toBeGreaterThanOrEqual(2);
      const content = sections.filter((section) => section.props.static === false);
      expect(content.length).toBeGreaterThanOrEqual(2);
      const innerSpreads = content.flatMap((section) => spreadsOf(section.id));
      expect(innerSpreads.length).toBeGreaterThanOrEqual(4);
      for (const section of content) {
        const cells = spreadsOf(section.id).flatMap((spread) =>
          childrenOf(nodes, spread.id).filter((node) => node.type === 'StickerCell'),
        );
        expect(cells.length, `${section.props.name as string} has sticker cells`).toBeGreaterThan(0);
      }
      expect(sections.at(-1)?.props.static, 'a closing static section ends the album').toBe(true);
    });

    it('gives every layout offered for new spreads empty background slots covering whole pages or the spread', () => {
      const layouts = model.insertableLayouts(model.layoutsOf(doc));
      expect(layouts.length).toBeGreaterThan(0);
      for (const layout of layouts.filter((candidate) => model.layoutSlots(candidate).stickers >= 1)) {
        expect(model.layoutSlots(layout).backgrounds, `${layout.id} has background slots`).toBeGreaterThan(0);
        const images = layout.trees.filter((tree) => tree.type === 'Image');
        expect(layout.trees[0].type, `${layout.id}: the background is the bottom layer`).toBe('Image');
        for (const { props } of images) {
          expect(props.image, `${layout.id}: the slot is empty`).toBeUndefined();
          expect(props).toMatchObject({ y: 0, height: SPREAD_H });
          expect([
            { x: 0, width: SPREAD_W },
            { x: 0, width: FOLD_X },
            { x: FOLD_X, width: FOLD_X },
          ]).toContainEqual({ x: props.x, width: props.width });
        }
      }
    });

    it('uses the automatic symbols: table of contents on the intro spread, a page number on every inner page', () => {
      const symbols = new Set(Object.values(nodes).map((node) => node.props.symbol));
      for (const symbol of REQUIRED_SYMBOLS) expect(symbols, symbol).toContain(symbol);
      const intro = spreadsOf(sections[0].id)[1];
      expect(childrenOf(nodes, intro.id).some((node) => node.props.symbol === 'toc_sections')).toBe(true);

      const content = sections.filter((section) => section.props.static === false);
      for (const spread of content.flatMap((section) => spreadsOf(section.id))) {
        const pageNumbers = childrenOf(nodes, spread.id).filter((node) => node.props.symbol === 'pagenum');
        const onLeft = pageNumbers.some((node) => bounds(node.props).right <= FOLD_X);
        const onRight = pageNumbers.some((node) => bounds(node.props).left >= FOLD_X);
        expect(onLeft && onRight, `${spread.id} numbers both pages`).toBe(true);
      }
    });
  });
});

describe('sticker template seeds', () => {
  it('covers ids 595 to 617, one file per id', () => {
    const ids = templates.map(({ template }) => template.id).sort((a, b) => a - b);
    expect(ids).toEqual(Array.from({ length: 23 }, (_, i) => 595 + i));
    for (const { name, template } of templates) expect(name).toBe(`${template.id}.json`);
  });

  it('covers every theme as single and double, plus the empty group and the two-cell spread', () => {
    for (const theme of ['default', 'accented', 'themed', 'triangle', 'gold', 'tilted']) {
      const ofTheme = templates
        .filter(({ template }) => template.theme === theme)
        .map(({ template }) => template);
      expect(
        ofTheme.some((template) => !template.double),
        `${theme} single`,
      ).toBe(true);
      expect(
        ofTheme.some((template) => template.double),
        `${theme} double`,
      ).toBe(true);
    }
    expect(templates.some(({ template }) => template.theme === 'empty')).toBe(true);
    expect(templates.some(({ template }) => template.theme === 'spread' && template.double)).toBe(true);
  });

  it('lists every template in sticker-templates.index.json', () => {
    const index = readJson(join(seedsDir, 'sticker-templates.index.json'));
    expect(index).toEqual(
      templates.map(({ template: { id, name, theme, variant, double } }) => ({
        id,
        name,
        theme,
        variant,
        double,
      })),
    );
  });

  it('matches the files the generator writes', () => {
    expect(templates.map(({ template }) => template)).toEqual(stickerTemplates());
  });

  describe.each(templates)('$name', ({ template }) => {
    const nodes = template.nodes;

    it('is a valid tree of Rectangle, Text and Group nodes under a root group of the cell size', () => {
      expect(treeProblems(nodes, template.rootId)).toEqual([]);
      const root = nodes[template.rootId];
      expect(root.type).toBe('Group');
      expect(root.props).toMatchObject({ x: 0, y: 0, width: template.double ? 100 : 50, height: 70 });
      for (const node of Object.values(nodes)) expect(['Rectangle', 'Text', 'Group']).toContain(node.type);
    });

    it('gives every text a template field symbol and a bracketed placeholder', () => {
      for (const node of Object.values(nodes).filter((candidate) => candidate.type === 'Text')) {
        expect(TEMPLATE_FIELDS).toContain(node.props.symbol);
        const text = node.props.text as { blocks: Array<{ spans: Array<{ text: string }> }> };
        expect(text.blocks[0].spans[0].text).toMatch(/^\[.+\]$/);
        expect(textProblems(node)).toEqual([]);
      }
    });

    it('keeps to the SPEC §9 constants: overlay opacity 20 or 85, ribbon angles, gold colours', () => {
      for (const node of Object.values(nodes)) {
        if (node.props.opacity !== undefined) expect([20, 85]).toContain(node.props.opacity);
        if (node.type === 'Group' && node.props.rotation !== undefined) {
          expect([-6, -15, -5.5, 5.5, 8, -8]).toContain(node.props.rotation);
        }
      }
      if (template.theme === 'gold') expect(JSON.stringify(nodes)).toContain('#C9A227');
      if (template.theme === 'gold') expect(JSON.stringify(nodes)).toContain('#E6C872');
    });

    it('passes the model template schema', () => {
      expect(model.stickerTemplateSchema.safeParse(template).error).toBeUndefined();
    });
  });
});

describe('blueprint texts in every album language', () => {
  it.each(blueprints)(
    '$name can be bound as it comes: an even number of spreads inside the cover',
    ({ blueprint }) => {
      const doc = blueprint.workspace as AlbumDocument;
      expect(model.albumStatistics(doc).spreadsNeeded).toBe(0);
      expect(model.albumPreflight(doc, {}).map((entry) => entry.code)).not.toContain(
        'SPREADS_MISSING_FOR_BINDING',
      );
    },
  );

  it.each(['de', 'fr', 'it', 'pl'])('translates every text of every blueprint into %s', (language) => {
    const texts = readJson(join(seedsDir, 'blueprint-texts', `${language}.json`)) as Record<string, string>;
    for (const { name, blueprint } of blueprints) {
      const missing = translatableTexts(blueprint.workspace as AlbumDocument).filter(
        (text) => !(texts[text] ?? '').trim(),
      );
      expect(missing, `${name} in ${language}`).toEqual([]);
    }
  });
});
