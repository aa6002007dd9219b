import { z } from 'zod';
import type { SellerConfig } from '../config/index.ts';
import { AppError } from '../http/errors.ts';
import { DOCUMENT_LANGUAGES, type DocumentLanguage } from '../pdf/format.ts';

/**
 * What an invoice or credit note says, as plain data: the caller (the orders feature) maps its rows to this
 * inside the issuing transaction, so the PDF depends on nothing but these values. Money is integer minor units.
 */
export interface InvoiceData {
  /** The gapless yearly number from numbering.ts, e.g. 2026-000123. */
  number: string;
  kind: 'invoice' | 'credit_note';
  /** A credit note names the invoice it corrects (EN 16931 BG-3); an invoice has none. */
  correctedInvoice?: { number: string; issueDate: string };
  /** ISO dates (YYYY-MM-DD). */
  issueDate: string;
  dueDate?: string;
  /** When the goods were delivered or will be (German invoices must state it, §14 UStG). */
  deliveryDate?: string;
  orderNumber?: string;
  /** Language of the readable page; default German. */
  language?: DocumentLanguage;
  seller: SellerConfig;
  buyer: InvoiceBuyer;
  /** ISO 4217, e.g. EUR or PLN. */
  currency: string;
  lines: InvoiceLine[];
  totals: { netMinor: number; vatMinor: number; grossMinor: number };
}

export interface PostalAddress {
  line1: string;
  line2?: string;
  postCode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
}

export interface InvoiceBuyer {
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

export const invoiceDataSchema = z
  .object({
    number: z.string().regex(/^\d{4}-\d{6,}$/, 'YYYY-NNNNNN'),
    kind: z.enum(['invoice', 'credit_note']),
    correctedInvoice: z.object({ number: z.string().min(1), issueDate: isoDate }).optional(),
    issueDate: isoDate,
    dueDate: isoDate.optional(),
    deliveryDate: isoDate.optional(),
    orderNumber: z.string().min(1).max(100).optional(),
    language: z.enum(DOCUMENT_LANGUAGES).optional(),
    seller: z.object({
      name: text,
      address,
      vatId: z.string().min(3),
      iban: z.string().min(15),
      bic: z.string().min(8),
      contact: z.object({ name: z.string().optional(), email: z.email(), phone: z.string().optional() }),
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
    totals: z.object({ netMinor: minor, vatMinor: minor, grossMinor: minor }),
  })
  .refine((data) => (data.kind === 'credit_note') === (data.correctedInvoice !== undefined), {
    message: 'a credit note names the invoice it corrects, an invoice names none',
    path: ['correctedInvoice'],
  });

/** The VAT breakdown of EN 16931 BG-23: one entry per rate. */
export interface VatGroup {
  ratePercent: number;
  netMinor: number;
  vatMinor: number;
}

export interface CheckedInvoice extends InvoiceData {
  lineNetMinor: number[];
  vatGroups: VatGroup[];
}

/**
 * Validates the data and checks its totals against its lines, so an issued invoice can never contradict itself
 * (EN 16931 BR-CO-10, -13, -15, -17). Per rate, VAT is the net times the rate rounded half up; the caller's VAT
 * total (from the pricing module, which may round differently) is accepted when it is within one minor unit per
 * rate, and the difference is booked to the largest group, so the invoice shows exactly what the customer was
 * quoted.
 */
export function checkInvoiceData(input: InvoiceData): CheckedInvoice {
  const parsed = invoiceDataSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError(
      422,
      'INVOICE_DATA_INVALID',
      'The invoice data is incomplete or invalid',
      parsed.error.issues,
    );
  }
  const data = parsed.data as InvoiceData;
  const lineNetMinor = data.lines.map((line) => line.quantity * line.unitNetMinor);
  const netMinor = lineNetMinor.reduce((sum, value) => sum + value, 0);
  const byRate = new Map<number, number>();
  data.lines.forEach((line, index) => {
    byRate.set(line.vatRatePercent, (byRate.get(line.vatRatePercent) ?? 0) + lineNetMinor[index]!);
  });
  const vatGroups: VatGroup[] = [...byRate].map(([ratePercent, groupNet]) => ({
    ratePercent,
    netMinor: groupNet,
    vatMinor: vatOf(groupNet, ratePercent),
  }));
  const computedVat = vatGroups.reduce((sum, group) => sum + group.vatMinor, 0);
  const difference = data.totals.vatMinor - computedVat;
  const problems: string[] = [];
  if (data.totals.netMinor !== netMinor)
    problems.push(`net ${data.totals.netMinor} is not the lines' ${netMinor}`);
  const taxed = vatGroups.filter((group) => group.ratePercent > 0);
  if (Math.abs(difference) > taxed.length) problems.push(`VAT ${data.totals.vatMinor} is not ${computedVat}`);
  if (data.totals.grossMinor !== data.totals.netMinor + data.totals.vatMinor)
    problems.push('gross is not net + VAT');
  if (problems.length > 0) {
    throw new AppError(
      422,
      'INVOICE_TOTALS_MISMATCH',
      `The invoice totals do not add up: ${problems.join('; ')}`,
    );
  }
  if (difference !== 0) {
    taxed.reduce((best, group) => (group.netMinor > best.netMinor ? group : best)).vatMinor += difference;
  }
  return { ...data, lineNetMinor, vatGroups };
}

/** net × rate / 100, rounded half up, in integers: the rate is taken in hundredths of a percent. */
function vatOf(netMinor: number, ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  return Math.floor((netMinor * basisPoints + 5000) / 10000);
}
