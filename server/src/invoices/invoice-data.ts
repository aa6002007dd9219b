import { TAX_TREATMENTS, vatOf, type TaxTreatment } from '@stickerbook/model';
import { z } from 'zod';
import type { SellerConfig } from '../config/index.ts';
import { AppError } from '../http/errors.ts';
import type { DocumentLanguage } from '../i18n/format.ts';
import { LANGUAGES } from '../i18n/languages.ts';

/**
 * What an invoice or credit note says, as plain data: the caller (the orders feature) maps its rows to this
 * inside the issuing transaction, so the PDF depends on nothing but these values. Money is integer minor units.
 */
export interface InvoiceData {
  /** The gapless yearly number from numbering.ts, e.g. 2026-000123. */
  number: string;
  kind: 'invoice' | 'credit_note';
  /** A credit note names the invoice it corrects (EN 16931 BG-3: BT-25 number, BT-26 date); an invoice has none. */
  correctedInvoice?: { number: string; issueDate: string };
  /**
   * Whether the corrected invoice had been paid: only then does a credit note promise a refund. Unknown or unpaid,
   * it says the invoice is cancelled and nothing is to be paid.
   */
  correctedInvoicePaid?: boolean;
  /** ISO dates (YYYY-MM-DD). */
  issueDate: string;
  dueDate?: string;
  /**
   * When the goods were delivered (`actual`: the shipment date) or will be (`planned`); German invoices must state
   * it (§14 Abs. 4 Nr. 6 UStG). Never the album's event date.
   */
  delivery?: InvoiceDelivery;
  orderNumber?: string;
  /** How VAT applies (model pricing/tax.ts): standard (S/Z), reverse charge (AE) or export (G). Default standard. */
  taxTreatment: TaxTreatment;
  /**
   * The buyer's reference (BT-10); for a German public buyer the Leitweg-ID. With it the embedded XML is
   * XRechnung 3.0 CII.
   */
  buyerReference?: string;
  /** Language of the readable page; default German. */
  language?: DocumentLanguage;
  seller: SellerConfig;
  buyer: InvoiceBuyer;
  /** ISO 4217, e.g. EUR or PLN. */
  currency: string;
  lines: InvoiceLine[];
  /** Document-level allowances (EN 16931 BG-20), e.g. the voucher: taken off the sum of the lines. */
  allowances?: InvoiceAllowance[];
  /** netMinor is the total without VAT after allowances (BT-109 = sum of lines BT-106 − allowances BT-107). */
  totals: { netMinor: number; vatMinor: number; grossMinor: number };
}

export interface InvoiceDelivery {
  date: string;
  kind: 'actual' | 'planned';
}

export interface InvoiceAllowance {
  /** Printed and in the XML (BT-97), in the document's language, e.g. "Gutschein WILLKOMMEN10". */
  reason: string;
  /** The voucher code or another identifier, kept for the reader. */
  code?: string;
  amountMinor: number;
  /** The VAT rate the allowance reduces (BT-96). */
  vatRatePercent: number;
}

export interface PostalAddress {
  line1: string;
  line2?: string;
  postCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

interface InvoiceBuyer {
  /** The person; with an organization, the person is its contact. */
  name: string;
  organization?: string;
  address: PostalAddress;
  email?: string;
  vatId?: string;
}

export interface InvoiceLine {
  title: string;
  description?: string;
  /** Whole pieces (albums, sticker packs). */
  quantity: number;
  unitNetMinor: number;
  /** 19 for 19 %; decimals allowed (8.1). */
  vatRatePercent: number;
}

const isoDate = z.iso.date();
const minor = z.number().int().safe();
const text = z.string().trim().min(1).max(300);
const address = z.object({
  line1: text,
  line2: z.string().max(300).optional(),
  postCode: z.string().trim().min(1).max(20),
  city: text,
  countryCode: z.string().regex(/^[A-Z]{2}$/),
});

const invoiceDataSchema = z
  .object({
    number: z.string().regex(/^\d{4}-\d{6,}$/, 'YYYY-NNNNNN'),
    kind: z.enum(['invoice', 'credit_note']),
    correctedInvoice: z.object({ number: z.string().min(1), issueDate: isoDate }).optional(),
    correctedInvoicePaid: z.boolean().optional(),
    issueDate: isoDate,
    dueDate: isoDate.optional(),
    delivery: z.object({ date: isoDate, kind: z.enum(['actual', 'planned']) }).optional(),
    orderNumber: z.string().min(1).max(100).optional(),
    taxTreatment: z.enum(TAX_TREATMENTS).default('standard'),
    buyerReference: z.string().trim().min(1).max(100).optional(),
    language: z.enum(LANGUAGES).optional(),
    seller: z.object({
      name: text,
      address,
      vatId: z.string().min(3),
      iban: z.string().min(15),
      bic: z.string().min(8),
      contact: z.object({
        name: z.string().trim().min(1).optional(),
        email: z.email(),
        phone: z.string().trim().min(1).optional(),
      }),
      legalInfo: z.string().max(500).optional(),
    }),
    buyer: z.object({
      name: text,
      organization: z.string().max(300).optional(),
      address,
      email: z.email().optional(),
      vatId: z.string().optional(),
    }),
    currency: z.string().regex(/^[A-Z]{3}$/),
    lines: z
      .array(
        z.object({
          title: text,
          description: z.string().max(2000).optional(),
          quantity: z.number().int().positive().max(1_000_000),
          unitNetMinor: minor.nonnegative(),
          vatRatePercent: z.number().min(0).max(100),
        }),
      )
      .min(1),
    allowances: z
      .array(
        z.object({
          reason: text,
          code: z.string().trim().min(1).max(100).optional(),
          amountMinor: minor.positive(),
          vatRatePercent: z.number().min(0).max(100),
        }),
      )
      .optional(),
    totals: z.object({ netMinor: minor, vatMinor: minor, grossMinor: minor }),
  })
  .refine((data) => (data.kind === 'credit_note') === (data.correctedInvoice !== undefined), {
    message: 'a credit note names the invoice it corrects, an invoice names none',
    path: ['correctedInvoice'],
  })
  .refine((data) => data.taxTreatment !== 'reverse_charge' || Boolean(data.buyer.vatId?.trim()), {
    message: "reverse charge needs the buyer's VAT id (EN 16931 BR-AE-2)",
    path: ['buyer', 'vatId'],
  })
  .refine(
    (data) =>
      data.taxTreatment === 'standard' ||
      [...data.lines, ...(data.allowances ?? [])].every((entry) => entry.vatRatePercent === 0),
    { message: 'reverse charge and export invoices charge no VAT (0 %)', path: ['taxTreatment'] },
  )
  .refine((data) => !data.buyerReference || Boolean(data.seller.contact.name), {
    message: "an XRechnung needs the seller's contact name: set SELLER_CONTACT (BT-41, BR-DE-5)",
    path: ['seller', 'contact', 'name'],
  })
  .refine((data) => !data.buyerReference || Boolean(data.seller.contact.phone), {
    message: "an XRechnung needs the seller's telephone: set SELLER_PHONE (BT-42, BR-DE-6)",
    path: ['seller', 'contact', 'phone'],
  });

/** The VAT breakdown of EN 16931 BG-23: one entry per rate. */
interface VatGroup {
  ratePercent: number;
  /** The taxable amount: the rate's lines minus its allowances (BT-116). */
  netMinor: number;
  vatMinor: number;
}

export interface CheckedInvoice extends InvoiceData {
  lineNetMinor: number[];
  /** Sum of the lines' net amounts (BT-106). */
  lineTotalMinor: number;
  /** Sum of the document-level allowances (BT-107). */
  allowanceTotalMinor: number;
  vatGroups: VatGroup[];
}

/**
 * Validates the data and checks its totals against its lines, so an issued invoice can never contradict itself
 * (EN 16931 BR-CO-10, -11, -13, -15, -17): net = sum of lines − allowances, and per rate VAT is the rate's net
 * after allowances times the rate, rounded half up with the model's `vatOf`, the same rule `orderTotals` uses for
 * the order, so the caller's VAT must match to the minor unit.
 */
export function checkInvoiceData(input: InvoiceData): CheckedInvoice {
  const parsed = invoiceDataSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError(
      422,
      'INVOICE_DATA_INVALID',
      `The invoice data is incomplete or invalid: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')}`,
      parsed.error.issues,
    );
  }
  const data = parsed.data as InvoiceData;
  const allowances = data.allowances ?? [];
  const lineNetMinor = data.lines.map((line) => line.quantity * line.unitNetMinor);
  const lineTotalMinor = lineNetMinor.reduce((sum, value) => sum + value, 0);
  const allowanceTotalMinor = allowances.reduce((sum, allowance) => sum + allowance.amountMinor, 0);
  const byRate = new Map<number, number>();
  data.lines.forEach((line, index) => {
    byRate.set(line.vatRatePercent, (byRate.get(line.vatRatePercent) ?? 0) + lineNetMinor[index]!);
  });
  const problems: string[] = [];
  for (const allowance of allowances) {
    const groupNet = byRate.get(allowance.vatRatePercent);
    if (groupNet === undefined)
      problems.push(`no line has the allowance's rate ${allowance.vatRatePercent} %`);
    else byRate.set(allowance.vatRatePercent, groupNet - allowance.amountMinor);
  }
  const vatGroups: VatGroup[] = [...byRate].map(([ratePercent, groupNet]) => ({
    ratePercent,
    netMinor: groupNet,
    vatMinor: vatOf(groupNet, Math.round(ratePercent * 100)),
  }));
  const computedVat = vatGroups.reduce((sum, group) => sum + group.vatMinor, 0);
  const netMinor = lineTotalMinor - allowanceTotalMinor;
  if (vatGroups.some((group) => group.netMinor < 0)) problems.push('an allowance exceeds its lines');
  if (data.totals.netMinor !== netMinor)
    problems.push(
      `net ${data.totals.netMinor} is not the lines' ${lineTotalMinor} − allowances ${allowanceTotalMinor}`,
    );
  if (data.totals.vatMinor !== computedVat)
    problems.push(`VAT ${data.totals.vatMinor} is not ${computedVat}`);
  if (data.totals.grossMinor !== data.totals.netMinor + data.totals.vatMinor)
    problems.push('gross is not net + VAT');
  if (problems.length > 0) {
    throw new AppError(
      422,
      'INVOICE_TOTALS_MISMATCH',
      `The invoice totals do not add up: ${problems.join('; ')}`,
    );
  }
  return { ...data, lineNetMinor, lineTotalMinor, allowanceTotalMinor, vatGroups };
}
