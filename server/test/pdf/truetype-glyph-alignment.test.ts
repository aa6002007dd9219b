import fontkit from '@pdf-lib/fontkit';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { alignTrueTypeGlyphs } from '../../src/pdf/truetype-glyph-alignment.ts';

const require = createRequire(import.meta.url);
const notoSans = (file: string) => readFileSync(require.resolve(`@expo-google-fonts/noto-sans/${file}`));
const REGULAR = notoSans('400Regular/NotoSans_400Regular.ttf');
const BOLD = notoSans('700Bold/NotoSans_700Bold.ttf');
/** Letters of the five document languages, digits and the signs on an invoice; ä, ł, ż are composite glyphs. */
const SAMPLE = 'Albumdruck Muster GmbH Rechnungskorrektur Łódź żółć Ærø àéîõü ß 0123456789 €%,.-·';

/** The subset fontkit writes (as pdf-lib embeds it), parsed back: each glyph's outline, by the sample's letters. */
async function subsetOutlines(fontBytes: Uint8Array): Promise<string[]> {
  const font = fontkit.create(fontBytes);
  const subset = font.createSubset();
  const ids = font.glyphsForString(SAMPLE).map((glyph) => subset.includeGlyph(glyph));
  const chunks: Uint8Array[] = [];
  await new Promise((resolve) => {
    subset
      .encodeStream()
      .on('data', (chunk) => chunks.push(chunk))
      .on('end', resolve);
  });
  const parsed = fontkit.create(Buffer.concat(chunks));
  return ids.map((id) => {
    try {
      return parsed.getGlyph(id).path.toSVG();
    } catch {
      return 'unreadable';
    }
  });
}

function originalOutlines(fontBytes: Uint8Array): string[] {
  return fontkit
    .create(fontBytes)
    .glyphsForString(SAMPLE)
    .map((glyph) => glyph.path.toSVG());
}

describe('alignTrueTypeGlyphs', () => {
  it('makes fontkit subsets of Noto Sans keep every outline of the original', async () => {
    for (const font of [REGULAR, BOLD]) {
      expect(await subsetOutlines(alignTrueTypeGlyphs(font))).toEqual(originalOutlines(font));
    }
  });

  it('is needed: subsets of the font as shipped lose outlines (why the invoices showed few letters)', async () => {
    const broken = await subsetOutlines(REGULAR);
    const original = originalOutlines(REGULAR);
    expect(broken.filter((outline, index) => outline !== original[index]).length).toBeGreaterThan(10);
  });

  it('changes no outline, metric or name of the font itself', () => {
    const aligned = fontkit.create(alignTrueTypeGlyphs(REGULAR));
    const original = fontkit.create(REGULAR);
    expect(aligned.postscriptName).toBe(original.postscriptName);
    expect(aligned.numGlyphs).toBe(original.numGlyphs);
    expect(originalOutlines(alignTrueTypeGlyphs(REGULAR))).toEqual(originalOutlines(REGULAR));
    const widths = (font: typeof original) => font.glyphsForString(SAMPLE).map((glyph) => glyph.advanceWidth);
    expect(widths(aligned)).toEqual(widths(original));
  });

  it('leaves a font whose glyphs are already aligned as it is', () => {
    const aligned = alignTrueTypeGlyphs(REGULAR);
    expect(alignTrueTypeGlyphs(aligned)).toBe(aligned);
  });
});
