/**
 * Issue 21 §3: every invoice, credit note and delivery note is readable in any viewer. pdftotext reads the text
 * layer, which was fine while the drawn letters were missing; these tests render the page with poppler and
 * Ghostscript and read the pixels back with OCR, so they see what a customer, an accountant or an archive sees.
 * They also check that the PDF's Info dictionary and its XMP packet say the same thing (PDF/A-3 requires it).
 */
import { decodePDFRawStream, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { buildInvoicePdf } from '../../src/invoices/e-invoice.ts';
import { buildDeliveryNotePdf, type DeliveryNoteData } from '../../src/orders/delivery-note.ts';
import { creditNote, invoice, seller } from '../helpers/invoice-fixtures.ts';
import { ocrPdfPage, ocrTestsCanRun } from '../helpers/pdf-ocr.ts';
import { pdfFonts } from '../helpers/pdf-files.ts';

const deliveryNote: DeliveryNoteData = {
  orderNumber: 'SB-4711',
  date: '2026-04-02',
  sender: { name: seller.name, address: { ...seller.address } },
  shippingAddress: {
    organization: 'Kita Sonnenschein e. V.',
    name: 'Erika Mustermann',
    line1: 'Lindenallee 3',
    postCode: '50667',
    city: 'Köln',
    countryCode: 'DE',
  },
  lines: [
    { title: 'Stickeralbum Softcover', description: '48 Seiten', quantity: 50 },
    { title: 'Sticker-Tüten', quantity: 200 },
  ],
};

// Rendering at 200 dpi and OCR take a few seconds a page, more on a busy two-core test machine.
describe.skipIf(!ocrTestsCanRun)(
  'documents read back from their rendered pages',
  { timeout: 120_000 },
  () => {
    it('shows the seller, the number, the lines and the total of an invoice in poppler and Ghostscript', async () => {
      const pdf = await buildInvoicePdf(invoice());
      for (const renderer of ['poppler', 'ghostscript'] as const) {
        const seen = await ocrPdfPage(pdf, { renderer });
        expect(seen, renderer).toContain('Albumdruck Muster GmbH');
        expect(seen, renderer).toContain('Rechnung 2026-000123');
        expect(seen, renderer).toContain('Stickeralbum Softcover');
        expect(seen, renderer).toContain('285,00');
        expect(seen, renderer).toMatch(/Gesamtbetrag 458,03/);
      }
    });

    it('shows a credit note as a correction of its invoice, with its number, line and total', async () => {
      const seen = await ocrPdfPage(await buildInvoicePdf(creditNote()));
      expect(seen).toContain('Albumdruck Muster GmbH');
      expect(seen).toContain('Rechnungskorrektur 2026-000124');
      expect(seen).toContain('Rechnungskorrektur zu Rechnung 2026-000123');
      expect(seen).toContain('Sticker-Tüten');
      expect(seen).toMatch(/Gesamtbetrag 53,55/);
    });

    it('shows the sender, the order number and what is in the parcel on a delivery note', async () => {
      const pdf = await buildDeliveryNotePdf(deliveryNote);
      for (const renderer of ['poppler', 'ghostscript'] as const) {
        const seen = await ocrPdfPage(pdf, { renderer });
        expect(seen, renderer).toContain('Albumdruck Muster GmbH');
        expect(seen, renderer).toContain('Lieferschein SB-4711');
        expect(seen, renderer).toContain('Stickeralbum Softcover');
        expect(seen, renderer).toContain('Sticker-Tüten');
        // tesseract may read the right-aligned total before or after its label.
        expect(seen, renderer).toContain('Stück gesamt');
        expect(seen, renderer).toMatch(/\b250\b/);
      }
    });
  },
);

/** The Info dictionary (read by pdf-lib) and the catalog's XMP packet, field by field. */
async function metadataOf(pdf: Uint8Array) {
  const document = await PDFDocument.load(pdf, { updateMetadata: false });
  const stream = document.catalog.lookup(PDFName.of('Metadata'));
  if (!(stream instanceof PDFRawStream)) throw new Error('The PDF has no XMP metadata stream');
  const xmp = Buffer.from(decodePDFRawStream(stream).decode()).toString('utf8');
  const element = (name: string) => {
    const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xmp)?.[1];
    // A language alternative or a sequence holds its value in an rdf:li; a simple property holds it directly.
    const value = match && (/<rdf:li[^>]*>([^<]*)<\/rdf:li>/.exec(match)?.[1] ?? match);
    return value?.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  };
  const packets = [...document.context.enumerateIndirectObjects()].filter(
    ([, object]) =>
      object instanceof PDFRawStream && object.dict.get(PDFName.of('Type')) === PDFName.of('Metadata'),
  ).length;
  return {
    xmp,
    packets,
    info: {
      title: document.getTitle(),
      author: document.getAuthor(),
      subject: document.getSubject(),
      keywords: document.getKeywords(),
      creator: document.getCreator(),
      producer: document.getProducer(),
    },
    fromXmp: {
      title: element('dc:title'),
      author: element('dc:creator'),
      subject: element('dc:description'),
      keywords: element('pdf:Keywords'),
      creator: element('xmp:CreatorTool'),
      producer: element('pdf:Producer'),
    },
  };
}

describe('document metadata', () => {
  it('titles an invoice as an invoice, with the same title, author, creator and producer in Info and XMP', async () => {
    const { info, fromXmp, xmp, packets } = await metadataOf(await buildInvoicePdf(invoice()));
    expect(info.title).toBe('Rechnung 2026-000123');
    expect(info.author).toBe('Albumdruck Muster GmbH');
    expect(info.creator).toBe('Stickerbook');
    expect(fromXmp).toEqual(info);
    // Still a Factur-X PDF/A-3: the identification and the extension schema survive the rewrite.
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(xmp).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
    expect(xmp).toContain('<pdfaSchema:prefix>fx</pdfaSchema:prefix>');
    // One packet in the file: the page's own, which the Factur-X step replaced, is not left behind.
    expect(packets).toBe(1);
  });

  it('titles a credit note as a credit note in the language of the document', async () => {
    const german = await metadataOf(await buildInvoicePdf(creditNote()));
    expect(german.info.title).toBe('Rechnungskorrektur 2026-000124');
    expect(german.info.subject).toContain('Rechnungskorrektur zu Rechnung 2026-000123');
    expect(german.fromXmp).toEqual(german.info);
    expect(german.xmp).not.toMatch(/Invoice 2026-000124/);

    const english = await metadataOf(await buildInvoicePdf(creditNote({ language: 'en' })));
    expect(english.info.title).toBe('Credit note 2026-000124');
    expect(english.fromXmp).toEqual(english.info);
  });

  it('keeps a seller name with umlauts and an ampersand intact in the XMP', async () => {
    const named = invoice({ seller: { ...seller, name: 'Müller & Söhne Albumdruck' } });
    const { info, fromXmp } = await metadataOf(await buildInvoicePdf(named));
    expect(info.author).toBe('Müller & Söhne Albumdruck');
    expect(fromXmp).toEqual(info);
  });

  it('gives a delivery note the same title in Info and XMP', async () => {
    const { info, fromXmp } = await metadataOf(await buildDeliveryNotePdf(deliveryNote));
    expect(info.title).toBe('Lieferschein SB-4711');
    expect(fromXmp).toEqual(info);
  });

  it('embeds every font of every document kind as a named subset with a ToUnicode map', async () => {
    for (const pdf of [
      await buildInvoicePdf(invoice()),
      await buildInvoicePdf(creditNote()),
      await buildDeliveryNotePdf(deliveryNote),
    ]) {
      const fonts = await pdfFonts(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) {
        expect(font).toMatchObject({ embedded: true, subset: true, toUnicode: true });
        expect(font.name).toMatch(/^[A-Z]{6}\+NotoSans-(Regular|Bold)$/);
      }
    }
  });
});
