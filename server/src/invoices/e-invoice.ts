import type { Invoice } from '@e-invoice-eu/core';
import { minorToDecimal, type DocumentLanguage } from '../i18n/format.ts';
import {
  checkInvoiceData,
  type CheckedInvoice,
  type InvoiceData,
  type PostalAddress,
} from './invoice-data.ts';
import { paymentTermsText, renderInvoicePage } from './invoice-page.ts';
import { withInvoiceMetadata } from './pdf-metadata.ts';
import { addPrecedingInvoiceReference } from './preceding-invoice-fix.ts';
import type { Translations } from '../i18n/languages.ts';

export type { InvoiceData } from './invoice-data.ts';

/** BT-24 of an XRechnung 3.0 (the German CIUS of EN 16931), which German public buyers require. */
const XRECHNUNG_ID = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

/** Whether the invoice goes out as an XRechnung: when the buyer gave a Leitweg-ID (BT-10). */
const isXRechnung = (invoice: Pick<InvoiceData, 'buyerReference'>) => Boolean(invoice.buyerReference);

/** The name of the embedded XML: ZUGFeRD 2.x names the XRechnung profile's file xrechnung.xml. */
export const embeddedXmlName = (invoice: Pick<InvoiceData, 'buyerReference'>) =>
  isXRechnung(invoice) ? 'xrechnung.xml' : 'factur-x.xml';

/**
 * The invoice PDF: a ZUGFeRD 2 / Factur-X 1.0 e-invoice in the EN 16931 profile, or, for a public buyer with a
 * Leitweg-ID, in the XRECHNUNG profile (XRechnung 3.0 CII, BT-24 = XRECHNUNG_ID, BT-10 = the Leitweg-ID). Our own readable page
 * (invoice-page.ts, fonts embedded) goes into @e-invoice-eu/core, which writes the CII XML as factur-x.xml,
 * attaches it and makes the file PDF/A-3 (XMP with the Factur-X extension schema, sRGB output intent).
 * The library takes the invoice in its UBL-shaped internal format and converts it to CII itself.
 *
 * Deterministic except for the PDF's timestamps: call it once when the invoice is issued and store the bytes
 * (GoBD: an issued invoice is never regenerated).
 */
export async function buildInvoicePdf(invoice: InvoiceData): Promise<Buffer> {
  const checked = checkInvoiceData(invoice);
  const language = checked.language ?? 'de';
  const page = await renderInvoicePage(checked, language);
  // Loaded when an invoice is issued, not with the server (with its spreadsheet and XML libraries, about a second).
  const { InvoiceService } = await import('@e-invoice-eu/core');
  const service = new InvoiceService(silentLogger);
  const pdf = await service.generate(toInternalFormat(checked, language), {
    format: isXRechnung(checked) ? 'Factur-X-XRechnung' : 'Factur-X-EN16931',
    lang: LIBRARY_LANGUAGES[language],
    pdf: { buffer: page, filename: `${checked.number}.pdf`, mimetype: 'application/pdf' },
    noWarnings: true,
  });
  if (typeof pdf === 'string') throw new Error('Factur-X generation returned XML instead of a PDF');
  const fixed = await addPrecedingInvoiceReference(pdf, checked, embeddedXmlName(checked));
  const described = await withInvoiceMetadata(fixed, checked, language);
  return Buffer.from(described.buffer, described.byteOffset, described.byteLength);
}

/** Only used for canned XMP texts; the library knows these tags. */
const LIBRARY_LANGUAGES: Translations<string> = {
  de: 'de-de',
  en: 'en-gb',
  fr: 'fr-fr',
  it: 'it-it',
  pl: 'pl-pl',
};

/** The library reports deprecations and notes on its logger; the caller sees real failures as exceptions. */
const silentLogger = { log() {}, warn() {}, error() {} };

/** UNTDID 1001: 380 commercial invoice, 381 credit note. UN/ECE rec 20: H87 piece. UNTDID 4461: 58 SEPA credit transfer. */
const TYPE_CODES = { invoice: '380', credit_note: '381' } as const;

/**
 * The exemption of the zero-rated treatments (BT-120 text, BT-121 code from the CEF VATEX list). The text is the
 * German legal wording with its English equivalent, as printed on the page (§14a Abs. 5 UStG asks for
 * "Steuerschuldnerschaft des Leistungsempfängers" on a reverse-charge invoice).
 */
const VAT_EXEMPTIONS = {
  reverse_charge: {
    category: 'AE',
    code: 'VATEX-EU-AE',
    reason: 'Steuerschuldnerschaft des Leistungsempfängers / Reverse charge',
  },
  export: {
    category: 'G',
    code: 'VATEX-EU-G',
    reason: 'Steuerfreie Ausfuhrlieferung / Export outside the EU',
  },
} as const;

function toInternalFormat(invoice: CheckedInvoice, language: DocumentLanguage): Invoice {
  const currency = invoice.currency;
  const amount = (minor: number) => minorToDecimal(minor, currency);
  const { seller, buyer } = invoice;
  const treatment = invoice.taxTreatment ?? 'standard';
  const exemption = treatment === 'standard' ? undefined : VAT_EXEMPTIONS[treatment];
  const categoryId = (ratePercent: number) => exemption?.category ?? (ratePercent > 0 ? 'S' : 'Z');
  const vatCategory = (ratePercent: number) => ({
    'cbc:ID': categoryId(ratePercent),
    'cbc:Percent': String(ratePercent),
    'cac:TaxScheme': { 'cbc:ID': 'VAT' },
  });
  const allowances = invoice.allowances ?? [];
  // BT-10: the buyer's own reference (a public buyer's Leitweg-ID); else our order number, which the buyer quotes
  // back to us. The XRechnung rules (BR-DE-15) ask for it on every invoice, and a buyer's accounts payable routes
  // by it.
  const buyerReference = invoice.buyerReference ?? invoice.orderNumber;
  // Payment instructions (BG-16) on invoices and credit notes (XRechnung BR-DE-1). An invoice is paid by SEPA
  // credit transfer to our account (58). A credit note asks for no payment to us, so it names none of our accounts:
  // "instrument not defined" (1) with the corrected invoice as reference; a refund of a paid invoice goes back
  // the way it was paid.
  const paymentMeans =
    invoice.kind === 'invoice'
      ? {
          'cbc:PaymentMeansCode': '58',
          'cbc:PaymentID': invoice.number,
          'cac:PayeeFinancialAccount': {
            'cbc:ID': seller.iban,
            'cbc:Name': seller.name,
            'cac:FinancialInstitutionBranch': { 'cbc:ID': seller.bic },
          },
        }
      : { 'cbc:PaymentMeansCode': '1', 'cbc:PaymentID': invoice.correctedInvoice!.number };
  const body: Record<string, unknown> = {
    'cbc:CustomizationID': isXRechnung(invoice) ? XRECHNUNG_ID : 'urn:cen.eu:en16931:2017',
    'cbc:ID': invoice.number,
    'cbc:IssueDate': invoice.issueDate,
    ...(invoice.dueDate && invoice.kind === 'invoice' ? { 'cbc:DueDate': invoice.dueDate } : {}),
    'cbc:InvoiceTypeCode': TYPE_CODES[invoice.kind],
    'cbc:DocumentCurrencyCode': currency,
    ...(buyerReference ? { 'cbc:BuyerReference': buyerReference } : {}),
    // A planned delivery is no "actual delivery date" (BT-72): it is stated as the period the invoice covers
    // (BG-14), the planned day.
    ...(invoice.delivery?.kind === 'planned'
      ? {
          'cac:InvoicePeriod': {
            'cbc:StartDate': invoice.delivery.date,
            'cbc:EndDate': invoice.delivery.date,
          },
        }
      : {}),
    ...(invoice.orderNumber ? { 'cac:OrderReference': { 'cbc:SalesOrderID': invoice.orderNumber } } : {}),
    ...(invoice.correctedInvoice
      ? {
          'cac:BillingReference': [
            {
              'cac:InvoiceDocumentReference': {
                'cbc:ID': invoice.correctedInvoice.number,
                'cbc:IssueDate': invoice.correctedInvoice.issueDate,
              },
            },
          ],
        }
      : {}),
    'cac:AccountingSupplierParty': {
      'cac:Party': {
        'cbc:EndpointID': seller.contact.email,
        'cbc:EndpointID@schemeID': 'EM',
        'cac:PartyName': { 'cbc:Name': seller.name },
        'cac:PostalAddress': postalAddress({ ...seller.address }),
        'cac:PartyTaxScheme': [{ 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }],
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': seller.name },
        'cac:Contact': {
          ...(seller.contact.name ? { 'cbc:Name': seller.contact.name } : {}),
          ...(seller.contact.phone ? { 'cbc:Telephone': seller.contact.phone } : {}),
          'cbc:ElectronicMail': seller.contact.email,
        },
      },
    },
    'cac:AccountingCustomerParty': {
      'cac:Party': {
        ...(buyer.email ? { 'cbc:EndpointID': buyer.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
        'cac:PostalAddress': postalAddress(buyer.address),
        ...(buyer.vatId
          ? { 'cac:PartyTaxScheme': { 'cbc:CompanyID': buyer.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } } }
          : {}),
        'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.organization || buyer.name },
        ...(buyer.organization || buyer.email
          ? {
              'cac:Contact': {
                ...(buyer.organization ? { 'cbc:Name': buyer.name } : {}),
                ...(buyer.email ? { 'cbc:ElectronicMail': buyer.email } : {}),
              },
            }
          : {}),
      },
    },
    // Where the albums go (BG-15: the order's one address), and when they went (BT-72) once shipped. Always
    // written: the CII schema requires the delivery element even when the date is only planned.
    'cac:Delivery': {
      ...(invoice.delivery?.kind === 'actual' ? { 'cbc:ActualDeliveryDate': invoice.delivery.date } : {}),
      'cac:DeliveryLocation': { 'cac:Address': postalAddress(buyer.address) },
    },
    'cac:PaymentMeans': [paymentMeans],
    'cac:PaymentTerms': { 'cbc:Note': paymentTermsText(invoice, language) },
    ...(allowances.length > 0
      ? {
          'cac:AllowanceCharge': allowances.map((allowance) => ({
            'cbc:ChargeIndicator': 'false',
            'cbc:AllowanceChargeReason': allowance.reason,
            'cbc:Amount': amount(allowance.amountMinor),
            'cbc:Amount@currencyID': currency,
            'cac:TaxCategory': vatCategory(allowance.vatRatePercent),
          })),
        }
      : {}),
    'cac:TaxTotal': [
      {
        'cbc:TaxAmount': amount(invoice.totals.vatMinor),
        'cbc:TaxAmount@currencyID': currency,
        'cac:TaxSubtotal': invoice.vatGroups.map((group) => ({
          'cbc:TaxableAmount': amount(group.netMinor),
          'cbc:TaxableAmount@currencyID': currency,
          'cbc:TaxAmount': amount(group.vatMinor),
          'cbc:TaxAmount@currencyID': currency,
          'cac:TaxCategory': {
            ...vatCategory(group.ratePercent),
            ...(exemption
              ? { 'cbc:TaxExemptionReasonCode': exemption.code, 'cbc:TaxExemptionReason': exemption.reason }
              : {}),
          },
        })),
      },
    ],
    'cac:LegalMonetaryTotal': {
      'cbc:LineExtensionAmount': amount(invoice.lineTotalMinor),
      'cbc:LineExtensionAmount@currencyID': currency,
      'cbc:TaxExclusiveAmount': amount(invoice.totals.netMinor),
      'cbc:TaxExclusiveAmount@currencyID': currency,
      'cbc:TaxInclusiveAmount': amount(invoice.totals.grossMinor),
      'cbc:TaxInclusiveAmount@currencyID': currency,
      ...(allowances.length > 0
        ? {
            'cbc:AllowanceTotalAmount': amount(invoice.allowanceTotalMinor),
            'cbc:AllowanceTotalAmount@currencyID': currency,
          }
        : {}),
      'cbc:PayableAmount': amount(invoice.totals.grossMinor),
      'cbc:PayableAmount@currencyID': currency,
    },
    'cac:InvoiceLine': invoice.lines.map((line, index) => ({
      'cbc:ID': String(index + 1),
      'cbc:InvoicedQuantity': String(line.quantity),
      'cbc:InvoicedQuantity@unitCode': 'H87',
      'cbc:LineExtensionAmount': amount(invoice.lineNetMinor[index]!),
      'cbc:LineExtensionAmount@currencyID': currency,
      'cac:Item': {
        ...(line.description ? { 'cbc:Description': line.description } : {}),
        'cbc:Name': line.title,
        'cac:ClassifiedTaxCategory': vatCategory(line.vatRatePercent),
      },
      'cac:Price': { 'cbc:PriceAmount': amount(line.unitNetMinor), 'cbc:PriceAmount@currencyID': currency },
    })),
  };
  return { 'ubl:Invoice': body } as unknown as Invoice;
}

function postalAddress(address: PostalAddress) {
  return {
    'cbc:StreetName': address.line1,
    ...(address.line2 ? { 'cbc:AdditionalStreetName': address.line2 } : {}),
    'cbc:CityName': address.city,
    'cbc:PostalZone': address.postCode,
    'cac:Country': { 'cbc:IdentificationCode': address.countryCode },
  };
}
