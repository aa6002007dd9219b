import { PDFDocument, ParseSpeeds } from 'pdf-lib';

export const PT_PER_MM = 72 / 25.4;

export interface BoxMm {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each output page's boxes sit, in mm from the top-left corner of its sheet (packages/model sheetGeometry). */
export interface SheetBoxesMm {
  media: BoxMm;
  bleed: BoxMm;
  trim: BoxMm;
}

/**
 * Merges the PDFs Chromium printed (in order) into one and sets MediaBox, CropBox, BleedBox and TrimBox of every
 * page exactly (SPEC §9 print geometry). Chromium rounds the paper size (by up to ~0.7 pt) but lays the content
 * out from the top-left corner at the exact CSS size, so the boxes are anchored at the top of each page: a PDF's
 * y axis points up, so top-left (x, y) mm is (x, pageHeight - y) in points. Pages are copied as they are: text
 * stays text, fonts stay embedded and images keep their original encoded bytes (pdf-lib never re-encodes).
 */
export async function mergeWithExactBoxes(
  chunks: readonly Uint8Array[],
  sheets: readonly SheetBoxesMm[],
): Promise<Uint8Array> {
  // pdf-lib yields to the event loop every few objects by default; a worker has nothing else to do meanwhile.
  const load = (bytes: Uint8Array) =>
    PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: ParseSpeeds.Fastest });
  const out =
    chunks.length === 1 ? await load(chunks[0]) : await PDFDocument.create({ updateMetadata: false });
  if (chunks.length > 1) {
    for (const bytes of chunks) {
      const source = await load(bytes);
      const pages = await out.copyPages(source, source.getPageIndices());
      for (const page of pages) out.addPage(page);
    }
  }
  const pages = out.getPages();
  if (pages.length !== sheets.length) {
    throw new Error(`Chromium printed ${pages.length} pages, the render route laid out ${sheets.length}`);
  }
  pages.forEach((page, i) => {
    const top = page.getMediaBox().y + page.getMediaBox().height;
    const box = (b: BoxMm) => {
      const x = b.x * PT_PER_MM;
      const width = b.width * PT_PER_MM;
      const height = b.height * PT_PER_MM;
      return [x, top - b.y * PT_PER_MM - height, width, height] as const;
    };
    const sheet = sheets[i];
    page.setMediaBox(...box(sheet.media));
    page.setCropBox(...box(sheet.media));
    page.setBleedBox(...box(sheet.bleed));
    page.setTrimBox(...box(sheet.trim));
  });
  out.setProducer('Stickerbook');
  out.setCreator('Stickerbook print renderer (Chromium)');
  return out.save({ useObjectStreams: false, objectsPerTick: Infinity });
}
