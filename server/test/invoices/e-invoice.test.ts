import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.ts';
import { buildInvoicePdf } from '../../src/invoices/e-invoice.ts';
import { orderDelivery } from '../../src/invoices/order-invoice-data.ts';
import { creditNote, invoice, seller } from '../helpers/invoice-fixtures.ts';
import { validateFacturXEn16931 } from '../helpers/factur-x-schema.ts';
import { pdfAttachment, pdfAttachmentNames, pdfFonts, pdfInfo, pdfText } from '../helpers/pdf-files.ts';

async function facturXml(pdf: Buffer): Promise<string> {
  return (await pdfAttachment(pdf, 'factur-x.xml')).toString('utf8');
}

function xmlValues(xml: string, element: string): string[] {
  return [...xml.matchAll(new RegExp(`<ram:${element}(?: [^>]*)?>([^<]*)</ram:${element}>`, 'g'))].map(
    (m) => m[1]!,
  );
}

describe('buildInvoicePdf', () => {
  it('makes a PDF/A-3 whose embedded factur-x.xml the EN 16931 CII schema accepts', async () => {
    const pdf = await buildInvoicePdf(invoice());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfAttachmentNames(pdf)).toEqual(['factur-x.xml']);
    const xml = await facturXml(pdf);
    const validation = await validateFacturXEn16931(xml);
    expect(validation.errors).toEqual([]);
    expect(validation.valid).toBe(true);
    expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
    const { xmp } = await pdfInfo(pdf);
    expect(xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(xmp).toMatch(/<fx:ConformanceLevel>EN 16931<\/fx:ConformanceLevel>/);
    const fonts = await pdfFonts(pdf);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((font) => font.embedded)).toBe(true);
  });

  it('shows the lines, the totals and where to pay on a page pdftotext can read', async () => {
    const text = await pdfText(await buildInvoicePdf(invoice()));
    expect(text).toContain('Rechnung 2026-000123');
    expect(text).toMatch(/Stickeralbum Softcover\s+50\s+5,70 €\s+19 %\s+285,00 €/);
    expect(text).toMatch(/Sticker-Tüten\s+200\s+0,45 €\s+19 %\s+90,00 €/);
    expect(text).toMatch(/Summe netto\s+384,90 €/);
    expect(text).toMatch(/USt\. 19 % auf 384,90 €\s+73,13 €/);
    expect(text).toMatch(/Gesamtbetrag\s+458,03 €/);
    expect(text).toContain('Bitte überweisen Sie 458,03 € bis zum 15. März 2026.');
    expect(text).toContain('IBAN DE89370400440532013000');
    expect(text).toContain('Kita Sonnenschein e. V.');
    expect(text).toContain('Albumdruck Muster GmbH');
    expect(text).toContain('USt-IdNr. DE811907980');
    expect(text).toContain('Amtsgericht Hamburg HRB 123456');
  });

  it('escapes names with ampersands and angle brackets instead of breaking the XML', async () => {
    const tricky = invoice();
    tricky.buyer.organization = 'Müller & Söhne <Fotobuch> "Alben"';
    tricky.lines[0]!.title = 'Album <Deluxe> & Sticker';
    const xml = await facturXml(await buildInvoicePdf(tricky));
    expect((await validateFacturXEn16931(xml)).errors).toEqual([]);
    expect(xml).toContain('Müller &amp; Söhne &lt;Fotobuch&gt;');
    expect(xml).toContain('Album &lt;Deluxe&gt; &amp; Sticker');
  });

  it('puts the same totals, seller and bank account into the XML as on the page', async () => {
    const xml = await facturXml(await buildInvoicePdf(invoice()));
    expect(xmlValues(xml, 'LineTotalAmount')).toEqual(['285.00', '90.00', '9.90', '384.90']);
    expect(xmlValues(xml, 'TaxBasisTotalAmount')).toEqual(['384.90']);
    expect(xmlValues(xml, 'TaxTotalAmount')).toEqual(['73.13']);
    expect(xmlValues(xml, 'GrandTotalAmount')).toEqual(['458.03']);
    expect(xmlValues(xml, 'DuePayableAmount')).toEqual(['458.03']);
    expect(xmlValues(xml, 'TypeCode')[0]).toBe('380');
    expect(xmlValues(xml, 'IBANID')).toEqual(['DE89370400440532013000']);
    expect(xml).toContain('<ram:ID schemeID="VA">DE811907980</ram:ID>');
    expect(xmlValues(xml, 'IssuerAssignedID')).toContain('SB-4711');
  });

  it('makes a credit note with its own number that references the invoice it corrects', async () => {
    const pdf = await buildInvoicePdf(creditNote());
    const xml = await facturXml(pdf);
    expect((await validateFacturXEn16931(xml)).errors).toEqual([]);
    expect(xmlValues(xml, 'TypeCode')[0]).toBe('381');
    expect(xml).toMatch(/<ram:ID>2026-000124<\/ram:ID>/);
    expect(xml).toMatch(
      /<ram:InvoiceReferencedDocument>\s*<ram:IssuerAssignedID>2026-000123<\/ram:IssuerAssignedID>/,
    );
    expect(xmlValues(xml, 'GrandTotalAmount')).toEqual(['53.55']);
    // No account of ours to pay to, but payment instructions all the same (XRechnung BR-DE-1).
    expect(xml).not.toContain('IBANID');
    expect(xmlValues(xml, 'TypeCode')).toContain('1');
    expect((await pdfInfo(pdf)).xmp).toMatch(/<pdfaid:part>3<\/pdfaid:part>/);
    expect(await pdfAttachmentNames(pdf)).toEqual(['factur-x.xml']);
    const text = await pdfText(pdf);
    expect(text).toContain('Rechnungskorrektur 2026-000124');
    expect(text).toContain('Rechnungskorrektur zu Rechnung 2026-000123 vom 1. März 2026');
    // Nothing was paid: no refund is promised.
    expect(text).toContain('Die Rechnung 2026-000123 ist damit aufgehoben; Sie müssen sie nicht bezahlen.');
    expect(text).not.toContain('erstatten');
    const paid = await pdfText(await buildInvoicePdf(creditNote({ correctedInvoicePaid: true })));
    expect(paid).toContain('Den bezahlten Betrag von 53,55 € erstatten wir Ihnen.');
  });

  it('refuses totals that do not add up to the lines', async () => {
    const wrongNet = invoice({ totals: { netMinor: 38491, vatMinor: 7313, grossMinor: 45804 } });
    await expect(buildInvoicePdf(wrongNet)).rejects.toMatchObject({ code: 'INVOICE_TOTALS_MISMATCH' });
    const wrongGross = invoice({ totals: { netMinor: 38490, vatMinor: 7313, grossMinor: 45800 } });
    await expect(buildInvoicePdf(wrongGross)).rejects.toMatchObject({ code: 'INVOICE_TOTALS_MISMATCH' });
    const wrongVat = invoice({ totals: { netMinor: 38490, vatMinor: 7400, grossMinor: 45890 } });
    await expect(buildInvoicePdf(wrongVat)).rejects.toBeInstanceOf(AppError);
  });

  it('refuses a credit note that names no invoice, and an invoice that names one', async () => {
    await expect(buildInvoicePdf(creditNote({ correctedInvoice: undefined }))).rejects.toMatchObject({
      code: 'INVOICE_DATA_INVALID',
    });
    await expect(
      buildInvoicePdf(invoice({ correctedInvoice: { number: '2026-000001', issueDate: '2026-01-02' } })),
    ).rejects.toMatchObject({ code: 'INVOICE_DATA_INVALID' });
    await expect(buildInvoicePdf(invoice({ lines: [] }))).rejects.toMatchObject({
      code: 'INVOICE_DATA_INVALID',
    });
    await expect(buildInvoicePdf(invoice({ number: '123' }))).rejects.toMatchObject({
      code: 'INVOICE_DATA_INVALID',
    });
  });

  it('refuses VAT that is not the net per rate rounded half up, by even one cent', async () => {
    // 10050 × 19 % = 1909.5: half up gives 1910, as orderTotals computes it; a truncated 1909 is refused.
    const line = { title: 'Stickeralbum', quantity: 1, unitNetMinor: 10050, vatRatePercent: 19 };
    const truncated = invoice({
      lines: [line],
      totals: { netMinor: 10050, vatMinor: 1909, grossMinor: 11959 },
    });
    await expect(buildInvoicePdf(truncated)).rejects.toMatchObject({ code: 'INVOICE_TOTALS_MISMATCH' });
    const rounded = invoice({
      lines: [line],
      totals: { netMinor: 10050, vatMinor: 1910, grossMinor: 11960 },
    });
    const xml = await facturXml(await buildInvoicePdf(rounded));
    expect(xmlValues(xml, 'CalculatedAmount')).toEqual(['19.10']);
    expect(xmlValues(xml, 'GrandTotalAmount')).toEqual(['119.60']);
  });

  it('refuses reverse charge without the buyer VAT id, and VAT on a zero-rated invoice', async () => {
    const zero = [{ title: 'Stickeralbum', quantity: 10, unitNetMinor: 570, vatRatePercent: 0 }];
    const totals = { netMinor: 5700, vatMinor: 0, grossMinor: 5700 };
    await expect(
      buildInvoicePdf(invoice({ taxTreatment: 'reverse_charge', lines: zero, totals })),
    ).rejects.toMatchObject({ code: 'INVOICE_DATA_INVALID', message: expect.stringMatching(/buyer\.vatId/) });
    await expect(buildInvoicePdf(invoice({ taxTreatment: 'export' }))).rejects.toMatchObject({
      code: 'INVOICE_DATA_INVALID',
      message: expect.stringMatching(/taxTreatment/),
    });
  });

  it('refuses an XRechnung when the seller contact name or telephone is not configured', async () => {
    const noPhone = { ...seller, contact: { ...seller.contact, phone: undefined } };
    await expect(
      buildInvoicePdf(invoice({ buyerReference: '04011000-1234512345-06', seller: noPhone })),
    ).rejects.toMatchObject({ code: 'INVOICE_DATA_INVALID', message: expect.stringMatching(/SELLER_PHONE/) });
    const noName = { ...seller, contact: { ...seller.contact, name: undefined } };
    await expect(
      buildInvoicePdf(invoice({ buyerReference: '04011000-1234512345-06', seller: noName })),
    ).rejects.toMatchObject({
      code: 'INVOICE_DATA_INVALID',
      message: expect.stringMatching(/SELLER_CONTACT/),
    });
    // A Factur-X invoice without them is fine (EN 16931 asks for no contact).
    const pdf = await buildInvoicePdf(invoice({ seller: noName }));
    expect(await pdfAttachmentNames(pdf)).toEqual(['factur-x.xml']);
  });

  it('refuses a voucher larger than the lines it reduces', async () => {
    const data = invoice({
      allowances: [{ reason: 'Gutschein XXL', amountMinor: 40000, vatRatePercent: 19 }],
      totals: { netMinor: -1510, vatMinor: -287, grossMinor: -1797 },
    });
    await expect(buildInvoicePdf(data)).rejects.toMatchObject({ code: 'INVOICE_TOTALS_MISMATCH' });
  });

  it.each([
    [
      'de',
      'Gutschein WILLKOMMEN10',
      'Voraussichtliches Lieferdatum',
      'Steuerschuldnerschaft des Leistungsempfängers',
      'Rechnungskorrektur zu Rechnung 2026-000123',
      'nicht bezahlen',
    ],
    [
      'en',
      'Voucher WILLKOMMEN10',
      'Planned delivery date',
      'Reverse charge (Steuerschuldnerschaft des Leistungsempfängers)',
      'Correction of invoice 2026-000123',
      'you do not need to pay it',
    ],
    [
      'fr',
      'Bon d’achat WILLKOMMEN10',
      'Date de livraison prévue',
      'Autoliquidation',
      'Rectification de la facture 2026-000123',
      'vous n’avez pas à la payer',
    ],
    [
      'it',
      'Buono WILLKOMMEN10',
      'Data di consegna prevista',
      'Inversione contabile',
      'Rettifica della fattura 2026-000123',
      'non dovete pagarla',
    ],
    [
      'pl',
      'Bon WILLKOMMEN10',
      'Przewidywana data dostawy',
      'Odwrotne obciążenie',
      'Korekta faktury 2026-000123',
      'nie muszą Państwo jej płacić',
    ],
  ] as const)(
    'speaks the order language %s: voucher, delivery label, reverse charge note, credit note wording',
    async (language, voucher, planned, reverseCharge, corrects, unpaid) => {
      const zero = invoice().lines.map((line) => ({ ...line, vatRatePercent: 0 }));
      // 38490 − 2145 = 36345, no VAT under reverse charge
      const data = invoice({
        language,
        taxTreatment: 'reverse_charge',
        buyer: {
          ...invoice().buyer,
          vatId: 'ATU13585627',
          address: { line1: 'Ring 1', postCode: '1010', city: 'Wien', countryCode: 'AT' },
        },
        delivery: { date: '2026-05-04', kind: 'planned' },
        lines: zero,
        allowances: [{ reason: voucher, code: 'WILLKOMMEN10', amountMinor: 2145, vatRatePercent: 0 }],
        totals: { netMinor: 36345, vatMinor: 0, grossMinor: 36345 },
      });
      const text = await pdfText(await buildInvoicePdf(data));
      expect(text).toMatch(new RegExp(`${voucher}\\s+−(21,45\\s€|€21\\.45)`));
      expect(text).toContain(planned);
      expect(text).toContain(reverseCharge);
      expect(text).toContain('ATU13585627');
      const note = await pdfText(
        await buildInvoicePdf(
          creditNote({ language, correctedInvoice: { number: '2026-000123', issueDate: '2026-03-01' } }),
        ),
      );
      expect(note).toContain(corrects);
      expect(note).toContain(unpaid);
    },
  );

  it('breaks VAT down per rate and writes a Polish invoice in złoty in Polish', async () => {
    const polish = invoice({
      language: 'pl',
      currency: 'PLN',
      buyer: {
        name: 'Zofia Łukasiewicz',
        address: { line1: 'ul. Żółta 5', postCode: '00-001', city: 'Warszawa', countryCode: 'PL' },
      },
      lines: [
        { title: 'Album z naklejkami', quantity: 10, unitNetMinor: 2000, vatRatePercent: 23 },
        { title: 'Książeczka', quantity: 2, unitNetMinor: 1000, vatRatePercent: 5 },
      ],
      // 20000 × 23 % = 4600, 2000 × 5 % = 100
      totals: { netMinor: 22000, vatMinor: 4700, grossMinor: 26700 },
    });
    const pdf = await buildInvoicePdf(polish);
    const xml = await facturXml(pdf);
    expect((await validateFacturXEn16931(xml)).errors).toEqual([]);
    expect(xmlValues(xml, 'CalculatedAmount')).toEqual(['46.00', '1.00']);
    expect(xmlValues(xml, 'InvoiceCurrencyCode')).toEqual(['PLN']);
    const text = await pdfText(pdf);
    expect(text).toContain('Faktura 2026-000123');
    expect(text).toContain('Zofia Łukasiewicz');
    expect(text).toMatch(/Razem brutto\s+267,00\s+zł/);
  });

  it('dates the delivery by the shipment, else by the plan, never by the event', () => {
    const order = { createdAt: new Date('2026-03-01T10:00:00Z') };
    expect(orderDelivery(order, new Date('2026-04-20T16:45:00Z'), '2026-04-22')).toEqual({
      date: '2026-04-20',
      kind: 'actual',
    });
    // Not shipped: two months from ordering (SPEC §9's delivery estimate).
    expect(orderDelivery(order, null, '2026-03-02')).toEqual({ date: '2026-05-01', kind: 'planned' });
    // The estimate has passed without a shipment: the plan cannot lie in the past, it is the issue day at the earliest.
    expect(orderDelivery(order, undefined, '2026-06-10')).toEqual({ date: '2026-06-10', kind: 'planned' });
  });
});
