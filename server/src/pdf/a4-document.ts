import fontkit from '@pdf-lib/fontkit';
import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { setDocumentMetadata } from './document-metadata.ts';
import { alignTrueTypeGlyphs } from './truetype-glyph-alignment.ts';

/**
 * A plain A4 business document (invoice page, delivery note) drawn with pdf-lib. Fonts are Noto Sans TrueType,
 * embedded and subset: PDF/A (the e-invoice) forbids unembedded fonts, and Noto covers every letter of the five
 * product languages (Polish ł, ś, ż...). The font files are glyph-aligned before fontkit subsets them
 * (truetype-glyph-alignment.ts: unaligned, the subsets lost most letters in poppler and Ghostscript). Info and
 * XMP metadata come from one description (document-metadata.ts). The layout is a cursor that moves down the
 * page; tables break onto new pages and repeat their header.
 */

const POINTS_PER_MM = 72 / 25.4;
const PAGE_WIDTH_MM = 210;
const PAGE_HEIGHT_MM = 297;
const MARGIN_MM = 20;
export const CONTENT_WIDTH_MM = PAGE_WIDTH_MM - 2 * MARGIN_MM;
const BODY_SIZE_PT = 9.5;
const TEXT_COLOUR = rgb(0.1, 0.1, 0.12);
const MUTED_COLOUR = rgb(0.4, 0.4, 0.45);

const resolveFromHere = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
};
/** The TrueType files are 0.6 MB each and never change while the process runs: read and align them once. */
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

function loadFontBytes() {
  fontBytes ??= Promise.all([
    readFile(resolveFromHere.resolve(FONT_FILES.regular)),
    readFile(resolveFromHere.resolve(FONT_FILES.bold)),
  ]).then(([regular, bold]) => ({ regular: alignTrueTypeGlyphs(regular), bold: alignTrueTypeGlyphs(bold) }));
  return fontBytes;
}

export interface TextOptions {
  /** Left edge from the left margin; with align 'right', the right edge. */
  xMm?: number;
  sizePt?: number;
  bold?: boolean;
  muted?: boolean;
  align?: 'left' | 'right';
}

export interface TableColumn {
  header: string;
  widthMm: number;
  align?: 'left' | 'right';
}

export class A4Document {
  private page!: PDFPage;
  /** Distance of the next baseline from the top edge of the page. */
  private cursorMm = MARGIN_MM;

  private constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.addPage();
  }

  static async create(meta: { title: string; author: string; language: string }): Promise<A4Document> {
    const pdf = await PDFDocument.create();
    pdf.registerFontkit(fontkit);
    const bytes = await loadFontBytes();
    const [regular, bold] = await Promise.all([
      pdf.embedFont(bytes.regular, { subset: true, customName: subsetName('NotoSans-Regular') }),
      pdf.embedFont(bytes.bold, { subset: true, customName: subsetName('NotoSans-Bold') }),
    ]);
    setDocumentMetadata(pdf, meta);
    return new A4Document(pdf, regular, bold);
  }

  private addPage(): void {
    this.page = this.pdf.addPage([PAGE_WIDTH_MM * POINTS_PER_MM, PAGE_HEIGHT_MM * POINTS_PER_MM]);
    this.cursorMm = MARGIN_MM;
  }

  /** Starts a new page when fewer than `heightMm` are left above the bottom margin. */
  private ensureRoom(heightMm: number): boolean {
    if (this.cursorMm + heightMm <= PAGE_HEIGHT_MM - MARGIN_MM) return false;
    this.addPage();
    return true;
  }

  /** Draws one line of text on the current baseline without moving down. */
  text(value: string, options: TextOptions = {}): void {
    const font = options.bold ? this.bold : this.regular;
    const size = options.sizePt ?? BODY_SIZE_PT;
    const clean = printable(value);
    const width = font.widthOfTextAtSize(clean, size);
    const anchorMm = MARGIN_MM + (options.xMm ?? (options.align === 'right' ? CONTENT_WIDTH_MM : 0));
    const x = anchorMm * POINTS_PER_MM - (options.align === 'right' ? width : 0);
    this.page.drawText(clean, {
      x,
      y: (PAGE_HEIGHT_MM - this.cursorMm) * POINTS_PER_MM,
      size,
      font,
      color: options.muted ? MUTED_COLOUR : TEXT_COLOUR,
    });
  }

  /** Draws a line of text and moves to the next line. */
  line(value: string, options: TextOptions = {}): void {
    const heightMm = lineHeightMm(options.sizePt ?? BODY_SIZE_PT);
    this.ensureRoom(heightMm);
    this.cursorMm += heightMm;
    this.text(value, options);
  }

  /** Several lines in a column that starts at the current line; the cursor ends below the longest column. */
  columns(blocks: Array<{ xMm: number; lines: Array<{ text: string } & TextOptions> }>): void {
    const start = this.cursorMm;
    let end = start;
    for (const block of blocks) {
      this.cursorMm = start;
      for (const entry of block.lines) this.line(entry.text, { ...entry, xMm: block.xMm });
      end = Math.max(end, this.cursorMm);
    }
    this.cursorMm = end;
  }

  gap(mm: number): void {
    this.cursorMm += mm;
  }

  rule(): void {
    this.cursorMm += 1.5;
    const y = (PAGE_HEIGHT_MM - this.cursorMm) * POINTS_PER_MM;
    this.page.drawLine({
      start: { x: MARGIN_MM * POINTS_PER_MM, y },
      end: { x: (PAGE_WIDTH_MM - MARGIN_MM) * POINTS_PER_MM, y },
      thickness: 0.5,
      color: MUTED_COLOUR,
    });
    this.cursorMm += 1;
  }

  /**
   * A table whose cells wrap inside their column; a row never splits across pages, and a new page repeats the
   * header so every printed page can be read on its own.
   */
  table(columns: readonly TableColumn[], rows: ReadonlyArray<readonly string[]>): void {
    const size = BODY_SIZE_PT;
    const drawHeader = () => {
      this.drawRow(
        columns,
        columns.map((column) => [column.header]),
        size,
        true,
      );
      this.rule();
    };
    this.ensureRoom(3 * lineHeightMm(size));
    drawHeader();
    for (const row of rows) {
      const cells = row.map((cell, index) => this.wrap(cell, columns[index]!.widthMm - 2, size));
      const heightMm = Math.max(...cells.map((lines) => lines.length)) * lineHeightMm(size);
      if (this.ensureRoom(heightMm + 1)) drawHeader();
      this.drawRow(columns, cells, size, false);
      this.gap(1);
    }
  }

  private drawRow(columns: readonly TableColumn[], cells: string[][], size: number, bold: boolean): void {
    const start = this.cursorMm;
    let end = start;
    let leftMm = 0;
    columns.forEach((column, index) => {
      this.cursorMm = start;
      const right = column.align === 'right';
      for (const text of cells[index] ?? []) {
        this.line(text, {
          xMm: right ? leftMm + column.widthMm : leftMm,
          align: column.align,
          bold,
          sizePt: size,
        });
      }
      end = Math.max(end, this.cursorMm);
      leftMm += column.widthMm;
    });
    this.cursorMm = end;
  }

  /** Greedy word wrap by measured width; a single word longer than the column is cut. */
  private wrap(value: string, widthMm: number, size: number): string[] {
    const maxPt = widthMm * POINTS_PER_MM;
    const lines: string[] = [];
    for (const paragraph of value.split('\n')) {
      let current = '';
      for (const word of printable(paragraph).split(' ')) {
        const candidate = current ? `${current} ${word}` : word;
        if (this.regular.widthOfTextAtSize(candidate, size) <= maxPt || !current) current = candidate;
        else {
          lines.push(current);
          current = word;
        }
        while (this.regular.widthOfTextAtSize(current, size) > maxPt && current.length > 1) {
          let cut = current.length - 1;
          while (cut > 1 && this.regular.widthOfTextAtSize(current.slice(0, cut), size) > maxPt) cut--;
          lines.push(current.slice(0, cut));
          current = current.slice(cut);
        }
      }
      lines.push(current);
    }
    return lines;
  }

  async save(): Promise<Uint8Array> {
    return this.pdf.save();
  }
}

function lineHeightMm(sizePt: number): number {
  return (sizePt * 1.35) / POINTS_PER_MM;
}

/**
 * A subset font's name starts with six capital letters and a plus (PDF 32000-1 §9.6.4), which tells viewers and
 * PDF/A checkers that the program holds only the glyphs used; pdf-lib's default (`NotoSans-Regular-4482`) does not.
 */
function subsetName(postScriptName: string): string {
  const tag = Array.from({ length: 6 }, () => String.fromCharCode(65 + randomInt(26))).join('');
  return `${tag}+${postScriptName}`;
}

/** Control characters (tabs, line breaks from form fields) have no glyph: they become spaces. */
function printable(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
}
