import { describe, expect, it } from 'vitest';
import {
  elementPropsSchema,
  fillSchema,
  inlineStyleSchema,
  richTextSchema,
  stickerSchema,
  stickerTemplateSchema,
} from './schema.ts';

const base = { x: 0, y: 0, width: 10, height: 10 };
const ok = (props: object) => elementPropsSchema.safeParse({ ...base, ...props }).success;

describe('element props schema', () => {
  it.each([
    ['strokeWidth', 0, 100, 101],
    ['opacity', 0, 100, 101],
    ['fillOpacity', 0, 100, -1],
    ['borderRadius', 0, 50, 51],
    ['scale', 0.0001, 9, 0],
  ])('bounds %s to its SPEC range', (key, min, max, outside) => {
    expect(ok({ [key]: min })).toBe(true);
    expect(ok({ [key]: max })).toBe(true);
    expect(ok({ [key]: outside })).toBe(false);
  });

  it('accepts fills as palette index, colour string or a 2-4 colour gradient', () => {
    expect(fillSchema.safeParse(3).success).toBe(true);
    expect(fillSchema.safeParse('#aabbcc').success).toBe(true);
    expect(fillSchema.safeParse('rgba(0, 0, 0, 0.5)').success).toBe(true);
    expect(fillSchema.safeParse({ type: 'linear', colors: [1, '#fff'], direction: 90 }).success).toBe(true);
    expect(fillSchema.safeParse({ type: 'linear', colors: [1, 2, 3, 4], direction: 90 }).success).toBe(true);
    expect(fillSchema.safeParse({ type: 'radial', colors: [1, 2], direction: 90 }).success).toBe(false);
  });

  it('knows every image filter key and no other', () => {
    const filter = {
      con: 1,
      rgb: 1,
      red: 1,
      green: 1,
      blue: 1,
      hue: 1,
      sat: 1,
      tone: 1,
      tone_red: 1,
      tone_green: 1,
      tone_blue: 1,
    };
    expect(ok({ filter })).toBe(true);
    expect(ok({ filter: { sepia: 1 } })).toBe(false);
  });

  it('rejects unknown props', () => {
    expect(ok({ onload: 'x' })).toBe(false);
  });

  it('knows the automatic text symbols', () => {
    expect(ok({ symbol: 'sticker-nextnumber' })).toBe(true);
    expect(ok({ symbol: 'line1' })).toBe(true);
    expect(ok({ symbol: 'anything' })).toBe(false);
  });
});

describe('rich text schema', () => {
  it('accepts the inline styles of SPEC §3 with font sizes 4 to 72', () => {
    for (const style of [
      'BOLD',
      'ITALIC',
      'UPPERCASE',
      'AUTOSIZE',
      'COLOR-#ff0000',
      'LETTERSPACING-2',
      'FONT-title',
      'SIZE-4',
      'SIZE-72',
    ]) {
      expect(inlineStyleSchema.safeParse(style).success, style).toBe(true);
    }
    for (const style of ['SIZE-3', 'SIZE-73', 'COLOR-red;', 'BLINK']) {
      expect(inlineStyleSchema.safeParse(style).success, style).toBe(false);
    }
  });

  it('allows only line heights of 100, 120, 150 and 200 percent', () => {
    const text = (lineHeight: number) => ({ blocks: [{ lineHeight, spans: [] }] });
    expect([100, 120, 150, 200].every((h) => richTextSchema.safeParse(text(h)).success)).toBe(true);
    expect(richTextSchema.safeParse(text(130)).success).toBe(false);
  });
});

describe('sticker template schema', () => {
  it('accepts a template of rectangles, texts and groups', () => {
    const template = {
      id: 595,
      name: 'White frame',
      theme: 'default',
      variant: 'default',
      double: false,
      rootId: 'g',
      nodes: {
        g: {
          id: 'g',
          type: 'Group',
          parentId: null,
          index: 'a0',
          props: { x: 0, y: 0, width: 50, height: 70 },
        },
        t: {
          id: 't',
          type: 'Text',
          parentId: 'g',
          index: 'a0',
          props: { ...base, symbol: 'sticker-number' },
        },
      },
    };
    expect(stickerTemplateSchema.safeParse(template).success).toBe(true);
    expect(
      stickerTemplateSchema.safeParse({ ...template, nodes: { i: { ...template.nodes.t, type: 'Image' } } })
        .success,
    ).toBe(false);
  });
});

describe('sticker schema', () => {
  const sticker = { id: 's1', name: 'Anna', position: '', doubleSticker: false, sectionId: 'sec' };

  it('has the SPEC §3 fields stickerUpload, src, stickerPlacing, x and y', () => {
    const full = {
      ...sticker,
      stickerUpload: 'u1',
      src: 'https://images.example/anna.jpg',
      stickerPlacing: true,
    };
    expect(stickerSchema.safeParse({ ...full, x: 12.5, y: 40 }).success).toBe(true);
    expect(stickerSchema.safeParse({ ...sticker, stickerUpload: null }).success).toBe(true);
  });

  it('bounds them like every other field', () => {
    expect(stickerSchema.safeParse({ ...sticker, x: Number.POSITIVE_INFINITY }).success).toBe(false);
    expect(stickerSchema.safeParse({ ...sticker, stickerPlacing: 'yes' }).success).toBe(false);
    expect(stickerSchema.safeParse({ ...sticker, src: 'x'.repeat(2049) }).success).toBe(false);
    expect(stickerSchema.safeParse({ ...sticker, stickerUpload: '__proto__' }).success).toBe(false);
  });
});
