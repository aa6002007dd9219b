import { PDFDocument, PDFName, PDFStream, ParseSpeeds } from 'pdf-lib';

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
): Promise<PdfParts> {
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
 * A PDF file as the buffers it is made of, in order: the photos' bytes are the buffers they were read into, not
 * copied into one array. Half a gigabyte of fresh memory costs more than the copy itself (the pages are faulted in
 * one by one: 1.4 s on a shared host), and the file is written from the parts as it is (`fs.writeFile` and the
 * storage's `putStream` take them as they are).
 */
export type PdfParts = readonly Uint8Array[];

/** Stream contents at least this long are parts of their own; everything else is copied into shared buffers. */
const OWN_PART_BYTES = 64 * 1024;
const SHARED_BUFFER_BYTES = 1 << 20;

/** Collects a file's bytes: small pieces into shared buffers, large stream contents as parts of their own. */
class PartsWriter {
  readonly parts: Uint8Array[] = [];
  /** Bytes written so far: the next byte's offset in the file. */
  length = 0;
  private buffer = new Uint8Array(0);
  private start = 0;
  private at = 0;

  /** Room for `size` more bytes in the shared buffer. */
  private reserve(size: number): void {
    if (this.at + size <= this.buffer.length) return;
    this.flush();
    this.buffer = new Uint8Array(Math.max(SHARED_BUFFER_BYTES, size));
    this.start = 0;
    this.at = 0;
  }

  private flush(): void {
    if (this.at > this.start) this.parts.push(this.buffer.subarray(this.start, this.at));
    this.start = this.at;
  }

  bytes(bytes: Uint8Array): void {
    this.length += bytes.length;
    if (bytes.length >= OWN_PART_BYTES) {
      this.flush();
      this.parts.push(bytes);
      return;
    }
    this.reserve(bytes.length);
    this.buffer.set(bytes, this.at);
    this.at += bytes.length;
  }

  object(object: { sizeInBytes(): number; copyBytesInto(buffer: Uint8Array, offset: number): number }): void {
    const size = object.sizeInBytes();
    this.reserve(size);
    const written = object.copyBytesInto(this.buffer, this.at);
    this.at += written;
    this.length += written;
  }

  finish(): PdfParts {
    this.flush();
    return this.parts;
  }
}

/**
 * Writes the document as pdf-lib's `save({ useObjectStreams: false })` would (every object in order, one classic
 * cross-reference table), but as parts: pdf-lib copies stream contents byte by byte in JavaScript, which took most
 * of the time for 150 MB of photos, and one array for the whole file is half a gigabyte of fresh memory. Nothing is
 * re-encoded.
 */
function writePdf(doc: PDFDocument, version = '1.7'): PdfParts {
  const context = doc.context;
  const out = new PartsWriter();
  // The comment line of four bytes >= 128 marks the file as binary for transfer programs.
  out.bytes(new Uint8Array([...ascii(`%PDF-${version}\n%`), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]));
  const endObj = ascii('\nendobj\n');
  const streamStart = ascii('\nstream\n');
  const streamEnd = ascii('\nendstream');
  const offsets = new Map<number, { offset: number; generation: number }>();
  for (const [ref, object] of context.enumerateIndirectObjects()) {
    offsets.set(ref.objectNumber, { offset: out.length, generation: ref.generationNumber });
    out.bytes(ascii(`${ref.objectNumber} ${ref.generationNumber} obj\n`));
    if (object instanceof PDFStream) {
      object.updateDict();
      out.object(object.dict);
      out.bytes(streamStart);
      out.bytes(object.getContents());
      out.bytes(streamEnd);
    } else {
      out.object(object);
    }
    out.bytes(endObj);
  }
  const xrefOffset = out.length;
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
  out.bytes(ascii(`${xref}trailer\n${trailerDict.toString()}\nstartxref\n${xrefOffset}\n%%EOF\n`));
  return out.finish();
}
