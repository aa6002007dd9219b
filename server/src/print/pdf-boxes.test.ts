import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { mergeWithExactBoxes, type SheetBoxesMm } from './pdf-boxes.ts';

const A4: SheetBoxesMm = {
  media: { x: 0, y: 0, width: 216, height: 303 },
  bleed: { x: 0, y: 0, width: 216, height: 303 },
  trim: { x: 3, y: 3, width: 210, height: 297 },
};

/** Two printed "chunks" of one page each; the first embeds a photo-sized stream (300 kB of distinct bytes). */
async function printedChunks(): Promise<{ chunks: Uint8Array[]; photo: Uint8Array }> {
  const photo = new Uint8Array(300_000).map((_, i) => (i * 7919) % 251);
  const first = await PDFDocument.create();
  const image = first.context.register(
    first.context.stream(photo, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: 100,
      Height: 1000,
      ColorSpace: 'DeviceRGB',
      BitsPerComponent: 8,
    }),
  );
  const page = first.addPage([612.5, 859.5]);
  page.node.newXObject('Im', image);
  const second = await PDFDocument.create();
  second.addPage([612.5, 859.5]).drawText('Seite zwei');
  return { chunks: [await first.save(), await second.save()], photo };
}

describe('the merged print file', () => {
  it('is written as parts whose cross-reference table points at every object, the photo bytes untouched', async () => {
    const { chunks, photo } = await printedChunks();
    const parts = await mergeWithExactBoxes(chunks, [A4, A4]);
    // The photo is a part of its own, the very bytes it was read as: no copy of it is made.
    expect(parts.length).toBeGreaterThan(2);
    expect(parts.some((part) => part.length === photo.length && part.every((b, i) => b === photo[i]))).toBe(
      true,
    );

    const file = Buffer.concat(parts);
    const text = Buffer.from(file).toString('latin1');
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref');
    const entries = [...text.slice(xrefAt).matchAll(/^(\d{10}) (\d{5}) n $/gm)];
    expect(entries.length).toBeGreaterThan(5);
    for (const [, offset] of entries) expect(text.slice(Number(offset)).match(/^\d+ 0 obj\n/)).not.toBeNull();

    // Read back strictly by the table (no repair): both pages with their exact boxes, the photo as it was.
    const doc = await PDFDocument.load(file, { throwOnInvalidObject: true });
    expect(doc.getPageCount()).toBe(2);
    const trim = doc.getPage(1).getTrimBox();
    expect(trim.width).toBeCloseTo((210 * 72) / 25.4, 3);
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Width')));
    expect(images).toHaveLength(1);
    expect(Buffer.from((images[0][1] as PDFRawStream).contents).equals(Buffer.from(photo))).toBe(true);
  });
});
