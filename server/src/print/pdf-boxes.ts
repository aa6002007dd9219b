import { PDFDocument, PDFName, PDFStream, ParseSpeeds, type PDFObject } from 'pdf-lib';

export const PT_PER_MM = 72 / 25.4;

interface BoxMm {
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
  /** Last changes to the document before it is saved (pdfx.ts declares PDF/X here). */
  finish?: (doc: PDFDocument) => Promise<void>,
  /** The PDF version of the header (PDF/X-4 is 1.6). */
  version = '1.7',
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
    // PDF/X: a page has a TrimBox or an ArtBox, never both (Ghostscript adds an ArtBox the size of the page).
    page.node.delete(PDFName.of('ArtBox'));
  });
  out.setProducer('Stickerbook');
  out.setCreator('Stickerbook print renderer (Chromium)');
  await finish?.(out);
  return writePdf(out, version);
}

const ascii = (text: string) => new TextEncoder().encode(text);

/**
 * Writes the document as pdf-lib's `save({ useObjectStreams: false })` would (every object in order, one classic
 * cross-reference table), but copies stream contents with `Uint8Array.set`: pdf-lib copies them byte by byte in
 * JavaScript, which took most of the time for 150 MB of photos. Nothing is re-encoded.
 */
function writePdf(doc: PDFDocument, version = '1.7'): Uint8Array {
  const context = doc.context;
  const objects = context.enumerateIndirectObjects();
  // The comment line of four bytes >= 128 marks the file as binary for transfer programs.
  const header = new Uint8Array([...ascii(`%PDF-${version}\n%`), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]);
  const heads = objects.map(([ref]) => ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
  const endObj = ascii('\nendobj\n');
  const streamStart = ascii('\nstream\n');
  const streamEnd = ascii('\nendstream');
  const bodySize = (object: PDFObject) => {
    if (!(object instanceof PDFStream)) return object.sizeInBytes();
    object.updateDict();
    return object.dict.sizeInBytes() + streamStart.length + object.getContents().length + streamEnd.length;
  };
  const sizes = objects.map(([, object]) => bodySize(object));
  let offset = header.length;
  const offsets = new Map<number, { offset: number; generation: number }>();
  objects.forEach(([ref], i) => {
    offsets.set(ref.objectNumber, { offset, generation: ref.generationNumber });
    offset += heads[i].length + sizes[i] + endObj.length;
  });
  const xrefOffset = offset;
  const size = context.largestObjectNumber + 1;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let n = 1; n < size; n++) {
    const entry = offsets.get(n);
    xref +=
      entry === undefined
        ? '0000000000 00001 f \n'
        : `${String(entry.offset).padStart(10, '0')} ${String(entry.generation).padStart(5, '0')} n \n`;
  }
  const trailerDict = context.obj({
    Size: size,
    Root: context.trailerInfo.Root,
    Encrypt: context.trailerInfo.Encrypt,
    Info: context.trailerInfo.Info,
    ID: context.trailerInfo.ID,
  });
  const trailer = ascii(`${xref}trailer\n${trailerDict.toString()}\nstartxref\n${xrefOffset}\n%%EOF\n`);

  const out = new Uint8Array(offset + trailer.length);
  out.set(header, 0);
  let at = header.length;
  objects.forEach(([, object], i) => {
    out.set(heads[i], at);
    at += heads[i].length;
    if (object instanceof PDFStream) {
      at += object.dict.copyBytesInto(out, at);
      out.set(streamStart, at);
      at += streamStart.length;
      const contents = object.getContents();
      out.set(contents, at);
      at += contents.length;
      out.set(streamEnd, at);
      at += streamEnd.length;
    } else {
      at += object.copyBytesInto(out, at);
    }
    out.set(endObj, at);
    at += endObj.length;
  });
  out.set(trailer, at);
  return out;
}
