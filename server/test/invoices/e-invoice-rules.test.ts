/**
 * Every kind of document the shop issues, checked the way a tax adviser's software or an e-invoice portal checks
 * it: the CEN EN 16931 CII XSD and Schematron, and the KoSIT XRechnung Schematron (fixtures/e-invoice-rules). Any
 * failed assert with flag fatal or error fails the test; KoSIT warnings are only listed.
 */
import { orderTotals } from '@stickerbook/model';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildInvoicePdf, embeddedXmlName, type InvoiceData } from '../../src/invoices/e-invoice.ts';
import { orderInvoiceData } from '../../src/invoices/order-invoice-data.ts';
import type { AddressRow, LineItemRow, OrderRow } from '../../src/orders/repository.ts';
import {
  describeAsserts,
  runRuleSet,
  saxonAvailable,
  validateCiiSchema,
  type RuleSetReport,
} from '../helpers/e-invoice-rules.ts';
import { seller } from '../helpers/invoice-fixtures.ts';
import { pdfAttachment, pdfAttachmentNames, pdfText } from '../helpers/pdf-files.ts';

const available = await saxonAvailable();
if (!available && process.env.CI) throw new Error('java and Saxon-HE are required on CI (libsaxonhe-java)');

/** A Leitweg-ID's check digits: ISO 7064 MOD 97-10 over the id without hyphens, letters as numbers (A = 10). */
function leitwegIdValid(id: string): boolean {
  if (!/^\d{2,12}(-[A-Z\d]{1,30})?-\d{2}$/i.test(id)) return false;
  const digits = id
    .replace(/-/g, '')
    .toUpperCase()
    .replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

const LEITWEG_ID = '04011000-1234512345-06';

/** A placed order as the database holds it: the German private customer with a voucher and gift wrapping. */
function privateOrder(priceAdjustment = 0): { order: OrderRow; address: AddressRow; items: LineItemRow[] } {
  const lineAmounts = [25 * 570, 50 * 129];
  const totals = orderTotals({
    lineAmounts,
    shipping: 750,
    discountFor: (subtotal) => Math.round(subtotal / 10),
    adjustment: priceAdjustment,
    vatBasisPoints: 1900,
  });
  const order = {
    id: 'order-1',
    number: 4711,
    email: 'jonas.becker@example.com',
    language: 'de',
    currency: 'EUR',
    vatBasisPoints: 1900,
    shippingAmount: 750,
    amount: totals.amount,
    taxValue: totals.taxValue,
    amountGross: totals.amountGross,
    releaseDate: '2027-06-30',
    createdAt: new Date('2026-03-01T09:00:00Z'),
    voucher: { code: 'WILLKOMMEN10', kind: 'percent', value: 10, discount: totals.discount },
    priceAdjustment,
    buyerVatId: null,
    buyerReference: null,
    taxTreatment: 'standard',
  } as unknown as OrderRow;
  const address = {
    firstName: 'Jonas',
    lastName: 'Becker',
    organization: null,
    address1: 'Gartenweg 12',
    address2: null,
    zipCode: '80331',
    city: 'München',
    countryCode: 'DE',
  } as unknown as AddressRow;
  const item = (title: string, quantity: number, unitAmount: number) =>
    ({
      titles: { de: title },
      descriptions: {},
      quantity,
      unitAmount,
      amount: quantity * unitAmount,
    }) as unknown as LineItemRow;
  return {
    order,
    address,
    items: [item('Stickeralbum Softcover', 25, 570), item('Geschenkverpackung', 50, 129)],
  };
}

function privateInvoice(priceAdjustment = 0, number = '2026-000201'): InvoiceData {
  const { order, address, items } = privateOrder(priceAdjustment);
  return orderInvoiceData({
    order,
    address,
    items,
    seller,
    number,
    issueDate: '2026-03-20',
    shippedAt: new Date('2026-03-18T15:30:00Z'),
  });
}

const zeroRated = (treatment: 'reverse_charge' | 'export', buyer: InvoiceData['buyer']): InvoiceData => ({
  number: treatment === 'reverse_charge' ? '2026-000203' : '2026-000205',
  kind: 'invoice',
  issueDate: '2026-03-20',
  dueDate: '2026-04-03',
  delivery: { date: '2026-03-18', kind: 'actual' },
  orderNumber: treatment === 'reverse_charge' ? 'SB-4712' : 'SB-4713',
  language: 'de',
  taxTreatment: treatment,
  seller,
  buyer,
  currency: 'EUR',
  lines: [
    { title: 'Stickeralbum Hardcover', quantity: 40, unitNetMinor: 890, vatRatePercent: 0 },
    { title: 'Sticker-Tüten', quantity: 400, unitNetMinor: 45, vatRatePercent: 0 },
    { title: 'Versand', quantity: 1, unitNetMinor: 2490, vatRatePercent: 0 },
  ],
  totals: { netMinor: 35600 + 18000 + 2490, vatMinor: 0, grossMinor: 35600 + 18000 + 2490 },
});

const austrianCompany = () =>
  zeroRated('reverse_charge', {
    name: 'Katharina Huber',
    organization: 'Alpenblick Werbemittel GmbH',
    address: { line1: 'Mariahilfer Straße 88', postCode: '1070', city: 'Wien', countryCode: 'AT' },
    email: 'einkauf@alpenblick.example',
    vatId: 'ATU13585627',
  });

const swissSchool = () =>
  zeroRated('export', {
    name: 'Urs Meier',
    organization: 'Primarschule Seefeld',
    address: { line1: 'Seefeldstrasse 20', postCode: '8008', city: 'Zürich', countryCode: 'CH' },
    email: 'sekretariat@ps-seefeld.example',
  });

/** A German public school: XRechnung with the Leitweg-ID, not shipped yet (planned delivery date). */
const publicSchool = (): InvoiceData => ({
  number: '2026-000207',
  kind: 'invoice',
  issueDate: '2026-03-20',
  dueDate: '2026-04-19',
  delivery: { date: '2026-05-04', kind: 'planned' },
  orderNumber: 'SB-4714',
  language: 'de',
  taxTreatment: 'standard',
  buyerReference: LEITWEG_ID,
  seller,
  buyer: {
    name: 'Petra Schulz',
    organization: 'Gesamtschule am Stadtpark',
    address: { line1: 'Parkallee 1', postCode: '28209', city: 'Bremen', countryCode: 'DE' },
    email: 'verwaltung@gesamtschule.example',
  },
  currency: 'EUR',
  lines: [
    { title: 'Stickeralbum Softcover', quantity: 120, unitNetMinor: 570, vatRatePercent: 19 },
    { title: 'Sticker-Tüten', quantity: 600, unitNetMinor: 45, vatRatePercent: 19 },
  ],
  // 68400 + 27000 = 95400; 19 % = 18126
  totals: { netMinor: 95400, vatMinor: 18126, grossMinor: 113526 },
});

/** The full correction of an invoice: its own number, TypeCode 381, the invoice's number and date. */
function creditNoteFor(invoice: InvoiceData, number: string, paid: boolean): InvoiceData {
  const { dueDate: _dueDate, ...rest } = invoice;
  return {
    ...rest,
    number,
    kind: 'credit_note',
    issueDate: '2026-03-25',
    correctedInvoice: { number: invoice.number, issueDate: invoice.issueDate },
    correctedInvoicePaid: paid,
  };
}

const KINDS: Record<string, () => InvoiceData> = {
  'private-de': privateInvoice,
  'private-de-credit': () => creditNoteFor(privateInvoice(), '2026-000202', true),
  // Staff's price (PATCH /orders amount): above the list price a line of its own, below it an allowance.
  'private-de-raised': () => privateInvoice(+1_234, '2026-000209'),
  'private-de-reduced': () => privateInvoice(-2_345, '2026-000210'),
  'private-de-reduced-credit': () =>
    creditNoteFor(privateInvoice(-2_345, '2026-000210'), '2026-000211', false),
  'company-at': austrianCompany,
  'company-at-credit': () => creditNoteFor(austrianCompany(), '2026-000204', false),
  'export-ch': swissSchool,
  'export-ch-credit': () => creditNoteFor(swissSchool(), '2026-000206', false),
  'public-de': publicSchool,
  'public-de-credit': () => creditNoteFor(publicSchool(), '2026-000208', false),
};

interface Issued {
  data: InvoiceData;
  pdf: Buffer;
  xml: string;
}

const issued: Record<string, Issued> = {};
let en16931: Record<string, RuleSetReport> = {};
let xrechnung: Record<string, RuleSetReport> = {};

/** A deliberately broken copy of a valid document, to prove each rule set really runs and catches errors. */
function brokenDocuments(): Record<string, string> {
  const privateXml = issued['private-de']!.xml;
  const publicXml = issued['public-de']!.xml;
  return {
    // BR-CO-15: the grand total is not the net plus the VAT.
    'broken-total': privateXml.replace(
      /<ram:GrandTotalAmount>([\d.]+)<\/ram:GrandTotalAmount>/,
      '<ram:GrandTotalAmount>999.99</ram:GrandTotalAmount>',
    ),
    // BR-DE-15: an XRechnung without its Leitweg-ID.
    'broken-leitweg': publicXml.replace(/<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, ''),
  };
}

describe.skipIf(!available)('e-invoices against the official rule sets', () => {
  beforeAll(async () => {
    for (const [name, make] of Object.entries(KINDS)) {
      const data = make();
      const pdf = await buildInvoicePdf(data);
      const xml = (await pdfAttachment(pdf, embeddedXmlName(data))).toString('utf8');
      issued[name] = { data, pdf, xml };
    }
    const documents = {
      ...Object.fromEntries(Object.entries(issued).map(([name, { xml }]) => [name, xml])),
      ...brokenDocuments(),
    };
    [en16931, xrechnung] = await Promise.all([
      runRuleSet('en16931', documents),
      runRuleSet('xrechnung', documents),
    ]);
  }, 240_000);

  it.each(Object.keys(KINDS))('%s: 0 errors from the EN 16931 XSD and Schematron', async (name) => {
    const { xml } = issued[name]!;
    expect(await validateCiiSchema(xml)).toEqual([]);
    const report = en16931[name]!;
    expect(report.firedRules).toBeGreaterThan(50);
    expect(describeAsserts(report.errors)).toEqual([]);
  });

  it.each(Object.keys(KINDS))('%s: 0 errors from the KoSIT XRechnung Schematron', (name) => {
    const report = xrechnung[name]!;
    expect(report.firedRules).toBeGreaterThan(10);
    expect(describeAsserts(report.errors)).toEqual([]);
  });

  it('the validators run: a wrong total and a missing Leitweg-ID are reported', () => {
    expect(en16931['broken-total']!.errors.map((assert) => assert.id)).toContain('BR-CO-15');
    expect(xrechnung['broken-leitweg']!.errors.map((assert) => assert.id)).toContain('BR-DE-15');
    // The intact originals of the broken copies pass, so it is the breakage the rules caught.
    expect(en16931['private-de']!.errors).toEqual([]);
    expect(xrechnung['public-de']!.errors).toEqual([]);
  });

  it('the Leitweg-ID used has valid check digits', () => {
    expect(leitwegIdValid(LEITWEG_ID)).toBe(true);
    expect(leitwegIdValid('04011000-1234512345-07')).toBe(false);
  });

  it('a public buyer gets an XRechnung 3.0 with the Leitweg-ID; other buyers a Factur-X EN 16931', async () => {
    const { pdf, xml } = issued['public-de']!;
    expect(await pdfAttachmentNames(pdf)).toEqual(['xrechnung.xml']);
    expect(xml).toContain(
      '<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID>',
    );
    expect(xml).toContain(`<ram:BuyerReference>${LEITWEG_ID}</ram:BuyerReference>`);
    // The seller contact XRechnung requires (BT-41, BT-42, BT-43).
    expect(xml).toMatch(/<ram:PersonName>Buchhaltung, Erika Muster<\/ram:PersonName>/);
    expect(xml).toMatch(/<ram:CompleteNumber>\+49 40 123456<\/ram:CompleteNumber>/);
    // A planned delivery is stated as the invoiced period, not as an actual delivery date.
    expect(xml).not.toContain('ActualDeliverySupplyChainEvent');
    expect(xml).toMatch(
      /<ram:BillingSpecifiedPeriod>\s*<ram:StartDateTime>\s*<udt:DateTimeString format="102">20260504/,
    );
    const text = await pdfText(pdf);
    expect(text).toMatch(/Leitweg-ID\s+04011000-1234512345-06/);
    expect(text).toMatch(/Voraussichtliches Lieferdatum\s+4\. Mai 2026/);

    const factur = issued['private-de']!;
    expect(await pdfAttachmentNames(factur.pdf)).toEqual(['factur-x.xml']);
    expect(factur.xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
  });

  it('the voucher is a document-level allowance with its code, and VAT agrees with the order to the cent', async () => {
    const { order } = privateOrder();
    const { xml, pdf } = issued['private-de']!;
    // 25 × 5,70 + 50 × 1,29 + 7,50 shipping = 214,50; voucher 10 % = 21,45; net 193,05; VAT 19 % = 36,68 (36,6795)
    expect(order.amount).toBe(19305);
    expect(order.taxValue).toBe(3668);
    expect(xml).toMatch(
      /<ram:SpecifiedTradeAllowanceCharge>\s*<ram:ChargeIndicator>\s*<udt:Indicator>false<\/udt:Indicator>\s*<\/ram:ChargeIndicator>\s*<ram:ActualAmount>21.45<\/ram:ActualAmount>\s*<ram:Reason>Gutschein WILLKOMMEN10<\/ram:Reason>/,
    );
    expect(xml).toMatch(/<ram:LineTotalAmount>214.50<\/ram:LineTotalAmount>/);
    expect(xml).toMatch(/<ram:AllowanceTotalAmount>21.45<\/ram:AllowanceTotalAmount>/);
    expect(xml).toMatch(/<ram:TaxBasisTotalAmount>193.05<\/ram:TaxBasisTotalAmount>/);
    expect(xml).toMatch(/<ram:TaxTotalAmount currencyID="EUR">36.68<\/ram:TaxTotalAmount>/);
    expect(xml).toMatch(/<ram:GrandTotalAmount>229.73<\/ram:GrandTotalAmount>/);
    const text = await pdfText(pdf);
    expect(text).toMatch(/Geschenkverpackung\s+50\s+1,29 €\s+19 %\s+64,50 €/);
    expect(text).toMatch(/Stickeralbum Softcover\s+25\s+5,70 €\s+19 %\s+142,50 €/);
    expect(text).toMatch(/Summe Positionen netto\s+214,50 €/);
    expect(text).toMatch(/Gutschein WILLKOMMEN10\s+−21,45 €/);
    expect(text).toMatch(/Summe netto\s+193,05 €/);
    expect(text).toMatch(/USt\. 19 % auf 193,05 €\s+36,68 €/);
    expect(text).toMatch(/Gesamtbetrag\s+229,73 €/);
    expect(text).toMatch(/Lieferdatum\s+18\. März 2026/);
    expect(text).not.toContain('Voucher');
  });

  it('staff’s price: above the list a line of its own, below it an allowance, with VAT on the agreed net', async () => {
    const raised = issued['private-de-raised']!;
    // 193,05 + 12,34 = 205,39 net; VAT 39,02 (39,0241); 244,41 gross.
    expect(raised.xml).toMatch(/<ram:LineTotalAmount>226.84<\/ram:LineTotalAmount>/);
    expect(raised.xml).toMatch(/<ram:TaxBasisTotalAmount>205.39<\/ram:TaxBasisTotalAmount>/);
    expect(raised.xml).toMatch(/<ram:GrandTotalAmount>244.41<\/ram:GrandTotalAmount>/);
    const raisedText = await pdfText(raised.pdf);
    expect(raisedText).toMatch(/Preisanpassung\s+1\s+12,34 €\s+19 %\s+12,34 €/);
    expect(raisedText).toMatch(/Gesamtbetrag\s+244,41 €/);

    const reduced = issued['private-de-reduced']!;
    // 193,05 − 23,45 = 169,60 net; VAT 32,22 (32,224); 201,82 gross.
    expect(reduced.xml).toMatch(/<ram:AllowanceTotalAmount>44.90<\/ram:AllowanceTotalAmount>/);
    expect(reduced.xml).toMatch(/<ram:TaxBasisTotalAmount>169.60<\/ram:TaxBasisTotalAmount>/);
    expect(reduced.xml).toMatch(/<ram:GrandTotalAmount>201.82<\/ram:GrandTotalAmount>/);
    const reducedText = await pdfText(reduced.pdf);
    expect(reducedText).toMatch(/Preisnachlass\s+−23,45 €/);
    expect(reducedText).toMatch(/Gesamtbetrag\s+201,82 €/);
  });

  it('reverse charge: category AE, 0 %, the buyer VAT id, the exemption and the printed note', async () => {
    const { xml, pdf } = issued['company-at']!;
    expect(xml).toContain('<ram:ID schemeID="VA">ATU13585627</ram:ID>');
    expect(xml).toMatch(/<ram:CategoryCode>AE<\/ram:CategoryCode>/);
    expect(xml).not.toMatch(/<ram:CategoryCode>S<\/ram:CategoryCode>/);
    expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>');
    expect(xml).toMatch(/<ram:TaxTotalAmount currencyID="EUR">0.00<\/ram:TaxTotalAmount>/);
    const text = await pdfText(pdf);
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers / Reverse charge');
    expect(text).toContain('USt-IdNr. ATU13585627');
  });

  it('export to Switzerland: category G, 0 %, with the exemption reason', async () => {
    const { xml, pdf } = issued['export-ch']!;
    expect(xml).toMatch(/<ram:CategoryCode>G<\/ram:CategoryCode>/);
    expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-EU-G</ram:ExemptionReasonCode>');
    expect(xml).toContain('Steuerfreie Ausfuhrlieferung / Export outside the EU');
    expect(await pdfText(pdf)).toContain('Steuerfreie Ausfuhrlieferung / Export outside the EU');
  });

  it('credit notes are TypeCode 381, name the invoice and its date, and promise a refund only when it was paid', async () => {
    for (const name of ['private-de-credit', 'company-at-credit', 'export-ch-credit', 'public-de-credit']) {
      const { xml, data } = issued[name]!;
      expect(xml).toMatch(/<ram:TypeCode>381<\/ram:TypeCode>/);
      expect(xml).toMatch(
        new RegExp(
          `<ram:InvoiceReferencedDocument>\\s*<ram:IssuerAssignedID>${data.correctedInvoice!.number}</ram:IssuerAssignedID>\\s*<ram:FormattedIssueDateTime>\\s*<qdt:DateTimeString format="102">${data.correctedInvoice!.issueDate.replaceAll('-', '')}`,
        ),
      );
      expect(xml).toContain('<ram:SpecifiedTradeSettlementPaymentMeans>');
    }
    const paid = await pdfText(issued['private-de-credit']!.pdf);
    expect(paid).toContain('Rechnungskorrektur zu Rechnung 2026-000201 vom 20. März 2026');
    expect(paid).toContain('Den bezahlten Betrag von 229,73 € erstatten wir Ihnen.');
    const unpaid = await pdfText(issued['public-de-credit']!.pdf);
    expect(unpaid).toContain('Rechnungskorrektur zu Rechnung 2026-000207 vom 20. März 2026');
    expect(unpaid).toContain('Die Rechnung 2026-000207 ist damit aufgehoben; Sie müssen sie nicht bezahlen.');
    expect(unpaid).not.toMatch(/erstatten/);
  });
});
