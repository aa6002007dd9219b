import { PDFName, PDFRawStream, decodePDFRawStream, type PDFDocument } from 'pdf-lib';
import { deflateSync } from 'node:zlib';

/**
 * Black text in one ink. Chromium writes pure black text in RGB black (`0 0 0 rg`), which the CMYK conversion
 * (pdfx.ts) turns into a rich black of all four inks — 72/68/67/88 % through Ghostscript's default profile. Small
 * type in four inks blurs with the slightest misregistration on press, and print shops ask for text in 100 % K.
 *
 * Before the conversion, every text object that starts while the fill colour is RGB black gets DeviceGray 0 as its
 * fill inside the object; Ghostscript keeps DeviceGray as gray, which a CMYK output intent prints with the black ink
 * alone (`-dDeviceGrayToK` is its default). After the object the RGB black comes back, so black paths drawn later
 * (a black box) keep their rich black, which is deeper on large areas. Coloured and grey text is left to the
 * profile.
 */

/** Tokens of a content stream: strings, hex strings, dictionary brackets, names, numbers and operators, comments. */
export const CONTENT_TOKEN =
  /\((?:\\[\s\S]|[^\\)])*\)|<<|>>|<[0-9A-Fa-f\s]*>|[[\]]|\/[^\s/[\]()<>{}%]*|%[^\r\n]*|[^\s/[\]()<>{}%]+/g;
const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const COLOUR_OPERATORS = new Set(['rg', 'g', 'k', 'cs', 'sc', 'scn']);

/** The content with its black text objects set in DeviceGray 0; `count` says how many. */
export function grayBlackText(content: string): { content: string; count: number } {
  const inserts: Array<{ at: number; text: string }> = [];
  const saved: boolean[] = [];
  let operands: string[] = [];
  let fillIsRgbBlack = false;
  let inText: { recolours: boolean } | undefined;
  let count = 0;
  for (const match of content.matchAll(CONTENT_TOKEN)) {
    const token = match[0];
    const end = match.index + token.length;
    if (token.startsWith('%')) continue;
    if (NUMBER.test(token) || /^[(<[/\]]/.test(token) || token === '>>') {
      operands.push(token);
      continue;
    }
    // An operator: `BI ... ID <binary> EI` (inline images) never appears in what Chromium prints.
    if (token === 'q') saved.push(fillIsRgbBlack);
    else if (token === 'Q') fillIsRgbBlack = saved.pop() ?? false;
    else if (COLOUR_OPERATORS.has(token)) {
      fillIsRgbBlack =
        token === 'rg' && operands.length >= 3 && operands.slice(-3).every((value) => Number(value) === 0);
      if (inText) inText.recolours = true;
    } else if (token === 'BT') {
      if (fillIsRgbBlack) {
        inserts.push({ at: end, text: ' 0 g' });
        inText = { recolours: false };
        count++;
      }
    } else if (token === 'ET' && inText) {
      // The colour the text object leaves behind is the RGB black it found, unless it set one of its own.
      if (!inText.recolours) inserts.push({ at: end, text: ' 0 0 0 rg' });
      inText = undefined;
    }
    operands = [];
  }
  let result = '';
  let from = 0;
  for (const insert of inserts) {
    result += content.slice(from, insert.at) + insert.text;
    from = insert.at;
  }
  return { content: result + content.slice(from), count };
}

/** Rewrites the content streams of the document in place; answers how many text objects became gray. */
export function blackTextToGray(doc: PDFDocument): number {
  let rewritten = 0;
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    // Page contents and form XObjects only: images, fonts, profiles and metadata hold no operators.
    const subtype = object.dict.get(PDFName.of('Subtype'));
    if (subtype && subtype !== PDFName.of('Form')) continue;
    if (object.dict.has(PDFName.of('Length1')) || object.dict.has(PDFName.of('N'))) continue;
    let text: string;
    try {
      text = Buffer.from(decodePDFRawStream(object).decode()).toString('latin1');
    } catch {
      continue; // a filter pdf-lib cannot decode: not a content stream Chromium wrote
    }
    if (!text.includes('BT')) continue;
    const { content, count } = grayBlackText(text);
    if (count === 0) continue;
    rewritten += count;
    const bytes = deflateSync(Buffer.from(content, 'latin1'));
    const dict = object.dict.clone(doc.context);
    dict.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
    dict.delete(PDFName.of('DecodeParms'));
    dict.set(PDFName.of('Length'), doc.context.obj(bytes.length));
    doc.context.assign(ref, PDFRawStream.of(dict, bytes));
  }
  return rewritten;
}
