/**
 * Pads every glyph of a TrueType font to a 4-byte boundary, so that fontkit's subsets of it render.
 *
 * Why: Noto Sans (as @expo-google-fonts ships it) stores its glyphs unpadded, 1,323 of them with an odd byte
 * length, which its long `loca` format (32-bit byte offsets) allows. @pdf-lib/fontkit's subsetter copies each
 * glyph's bytes as they are and, when the subset is under 64 KB (every invoice), writes the short `loca` format,
 * which stores offset ÷ 2. Each glyph after an odd-length one then starts one byte early: poppler, Ghostscript
 * and printers draw garbage or nothing for it, while pdftotext (which reads the ToUnicode map, not the outlines)
 * still finds every letter. The OpenType spec asks for glyphs aligned to 4 bytes anyway ("glyf" table notes);
 * with aligned input every offset the subsetter writes is even, and the short format is exact.
 *
 * Only `glyf`, `loca` and `head` (location format, checksum adjustment) change; the outlines, metrics and every
 * other table are copied byte for byte. Cost: a few KB of zero padding per font, once per process.
 */

const TABLE_RECORD_BYTES = 16;
const HEAD_CHECKSUM_ADJUSTMENT = 8;
const HEAD_INDEX_TO_LOC_FORMAT = 50;
const MAXP_NUM_GLYPHS = 4;
/** OpenType spec, "head" table: checkSumAdjustment = 0xB1B0AFBA − checksum of the whole font. */
const CHECKSUM_MAGIC = 0xb1b0afba;

interface TableRecord {
  tag: string;
  bytes: Uint8Array;
}

export function alignTrueTypeGlyphs(font: Uint8Array): Uint8Array {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = readTables(font, view);
  const head = tables.get('head');
  const maxp = tables.get('maxp');
  const loca = tables.get('loca');
  const glyf = tables.get('glyf');
  // A CFF-flavoured OpenType font has no glyf/loca and is not subset this way: nothing to do.
  if (!head || !maxp || !loca || !glyf) return font;

  const headView = dataView(head.bytes);
  const numGlyphs = dataView(maxp.bytes).getUint16(MAXP_NUM_GLYPHS);
  const longOffsets = headView.getInt16(HEAD_INDEX_TO_LOC_FORMAT) === 1;
  const locaView = dataView(loca.bytes);
  const offsetOf = (glyph: number) =>
    longOffsets ? locaView.getUint32(glyph * 4) : locaView.getUint16(glyph * 2) * 2;
  const offsets = Array.from({ length: numGlyphs + 1 }, (_, glyph) => offsetOf(glyph));
  if (offsets.every((offset) => offset % 4 === 0)) return font;

  const paddedLength = (glyph: number) => align4(offsets[glyph + 1]! - offsets[glyph]!);
  let glyfLength = 0;
  for (let glyph = 0; glyph < numGlyphs; glyph++) glyfLength += paddedLength(glyph);
  const newGlyf = new Uint8Array(glyfLength);
  const newLoca = new Uint8Array((numGlyphs + 1) * 4);
  const newLocaView = dataView(newLoca);
  let position = 0;
  for (let glyph = 0; glyph < numGlyphs; glyph++) {
    newLocaView.setUint32(glyph * 4, position);
    newGlyf.set(glyf.bytes.subarray(offsets[glyph]!, offsets[glyph + 1]!), position);
    position += paddedLength(glyph);
  }
  newLocaView.setUint32(numGlyphs * 4, position);

  const newHead = head.bytes.slice();
  const newHeadView = dataView(newHead);
  newHeadView.setInt16(HEAD_INDEX_TO_LOC_FORMAT, 1);
  newHeadView.setUint32(HEAD_CHECKSUM_ADJUSTMENT, 0);
  tables.set('glyf', { tag: 'glyf', bytes: newGlyf });
  tables.set('loca', { tag: 'loca', bytes: newLoca });
  tables.set('head', { tag: 'head', bytes: newHead });

  const out = writeFont(view.getUint32(0), [...tables.values()]);
  const headOffset = tableOffset(out, 'head');
  dataView(out).setUint32(headOffset + HEAD_CHECKSUM_ADJUSTMENT, (CHECKSUM_MAGIC - checksum(out)) >>> 0);
  return out;
}

function readTables(font: Uint8Array, view: DataView): Map<string, TableRecord> {
  const tables = new Map<string, TableRecord>();
  const count = view.getUint16(4);
  for (let index = 0; index < count; index++) {
    const record = 12 + index * TABLE_RECORD_BYTES;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    const offset = view.getUint32(record + 8);
    const length = view.getUint32(record + 12);
    tables.set(tag, { tag, bytes: font.subarray(offset, offset + length) });
  }
  return tables;
}

/** The sfnt layout: header, table records sorted by tag, then each table on a 4-byte boundary. */
function writeFont(sfntVersion: number, tables: TableRecord[]): Uint8Array {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const directoryLength = 12 + sorted.length * TABLE_RECORD_BYTES;
  const total = sorted.reduce((sum, table) => sum + align4(table.bytes.length), directoryLength);
  const out = new Uint8Array(total);
  const view = dataView(out);
  const entrySelector = Math.floor(Math.log2(sorted.length));
  view.setUint32(0, sfntVersion);
  view.setUint16(4, sorted.length);
  view.setUint16(6, 2 ** entrySelector * 16);
  view.setUint16(8, entrySelector);
  view.setUint16(10, sorted.length * 16 - 2 ** entrySelector * 16);
  let offset = directoryLength;
  sorted.forEach((table, index) => {
    const record = 12 + index * TABLE_RECORD_BYTES;
    for (let char = 0; char < 4; char++) out[record + char] = table.tag.charCodeAt(char);
    out.set(table.bytes, offset);
    view.setUint32(record + 4, checksum(out.subarray(offset, offset + align4(table.bytes.length))));
    view.setUint32(record + 8, offset);
    view.setUint32(record + 12, table.bytes.length);
    offset += align4(table.bytes.length);
  });
  return out;
}

function tableOffset(font: Uint8Array, tag: string): number {
  const view = dataView(font);
  for (let index = 0; index < view.getUint16(4); index++) {
    const record = 12 + index * TABLE_RECORD_BYTES;
    if (String.fromCharCode(...font.subarray(record, record + 4)) === tag) return view.getUint32(record + 8);
  }
  throw new Error(`The font has no ${tag} table`);
}

/** Sum of big-endian uint32 words, modulo 2³² (the data is zero-padded to a word). */
function checksum(bytes: Uint8Array): number {
  const view = dataView(bytes);
  let sum = 0;
  for (let offset = 0; offset + 4 <= bytes.length; offset += 4) sum = (sum + view.getUint32(offset)) >>> 0;
  return sum;
}

function align4(length: number): number {
  return (length + 3) & ~3;
}

function dataView(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
