/**
 * Black text prints in the K ink alone (print/black-text.ts): a page Chromium prints with black text, a black box
 * and red text goes through the same CMYK conversion as the print shop's PDF/X file, and the operators of its
 * content streams are read back.
 */
import { chromium } from 'playwright-core';
import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { blackTextToGray, grayBlackText } from '../src/print/black-text.ts';
import { CHROMIUM_ARGS } from '../src/print/chromium.ts';
import { convertToCmyk, findCmykProfile } from '../src/print/pdfx.ts';
import { systemTestsCanRun } from './helpers/print.ts';

const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const canRun = systemTestsCanRun({
  chromium: chromiumPath,
  'ghostscript (with its CMYK profile)': findCmykProfile()?.path,
});

async function printed(html: string): Promise<Uint8Array> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.setContent(html);
    return await page.pdf({ width: '210mm', height: '100mm', printBackground: true });
  } finally {
    await browser.close();
  }
}

/** The decoded content streams of a PDF (page contents and forms: the ones with text or paths). */
async function contentStreams(pdf: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const texts: string[] = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    try {
      const text = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
      if (/\bBT\b|\bre\b/.test(text)) texts.push(text);
    } catch {
      // images and other streams pdf-lib does not decode
    }
  }
  return texts.join('\n');
}

/** The fill colour set last before each text object (Ghostscript writes one colour operator per change). */
const textColours = (content: string) =>
  [
    ...content.matchAll(
      /((?:[\d.]+ ){3}[\d.]+ k|[\d.]+ g|(?:[\d.]+ ){2}[\d.]+ rg)\s((?:(?!\b(?:k|g|rg)\b)[^])*?)\bBT\b/g,
    ),
  ].map((m) => m[1]);

describe.skipIf(!canRun)('black text in the print shop file', () => {
  it('prints black text in K alone, while a black box keeps its rich black and red text stays red', async () => {
    const pdf = await printed(
      '<body style="margin:0;font:32px sans-serif">' +
        '<p style="color:#000">Black text</p>' +
        '<p style="color:#d00000">Red text</p>' +
        '<div style="width:200px;height:60px;background:#000"></div></body>',
    );
    const doc = await PDFDocument.load(pdf);
    expect(blackTextToGray(doc)).toBe(1);
    const cmyk = await convertToCmyk(await doc.save());
    const content = await contentStreams(cmyk);
    const colours = textColours(content);
    expect(colours).toHaveLength(2);
    // Black text: DeviceGray 0, which a CMYK output intent prints with the black ink only.
    expect(colours).toContain('0 g');
    // Red text: converted through the profile to CMYK with no black ink to speak of.
    const red = colours.find((c) => c.endsWith(' k'))!;
    const [c, m, y] = red.split(' ').map(Number);
    expect(m).toBeGreaterThan(0.8);
    expect(y).toBeGreaterThan(0.8);
    expect(c).toBeLessThan(0.2);
    // The black box is a filled path in four inks (deeper than K alone on large areas).
    const boxFill = /([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k\s+[\d. ]+ re\s+f\b/.exec(content);
    expect(boxFill, content.slice(0, 400)).not.toBeNull();
    expect(Number(boxFill![1])).toBeGreaterThan(0.5);
    expect(Number(boxFill![4])).toBeGreaterThan(0.5);

    // Without the rewrite the same black text is four inks: the test sees the difference.
    const untouched = textColours(await contentStreams(await convertToCmyk(pdf)));
    expect(untouched).toHaveLength(2);
    expect(untouched).not.toContain('0 g');
  }, 120_000);
});

describe('black text objects in a content stream', () => {
  it('sets text drawn in RGB black in gray inside the object and gives the RGB black back after it', () => {
    const { content, count } = grayBlackText(
      '0 0 0 RG 0 0 0 rg\n/G3 gs\n0 138 200 60 re\nf\nBT\n/F4 32 Tf\n<0025> Tj\nET\n0 0 10 10 re f',
    );
    expect(count).toBe(1);
    expect(content).toBe(
      '0 0 0 RG 0 0 0 rg\n/G3 gs\n0 138 200 60 re\nf\nBT 0 g\n/F4 32 Tf\n<0025> Tj\nET 0 0 0 rg\n0 0 10 10 re f',
    );
  });

  it('leaves coloured and grey text, and black that a restored state took back, alone', () => {
    const source =
      '.8157 0 0 rg BT <01> Tj ET .5 .5 .5 rg BT <02> Tj ET q 0 0 0 rg Q BT <03> Tj ET 0 0 0 k BT <04> Tj ET';
    expect(grayBlackText(source)).toEqual({ content: source, count: 0 });
  });

  it('does not put black back over a colour the text object set itself, nor read numbers inside strings', () => {
    const { content, count } = grayBlackText('0 0 0 rg BT (0 0 0 rg BT) Tj 1 0 0 rg <05> Tj ET 0 0 5 5 re f');
    expect(count).toBe(1);
    expect(content).toBe('0 0 0 rg BT 0 g (0 0 0 rg BT) Tj 1 0 0 rg <05> Tj ET 0 0 5 5 re f');
  });
});
