/**
 * An issued invoice freezes what it invoiced (issue 21 §2, GoBD: an invoice is corrected only by a credit note).
 * While an order has an invoice that is not void, every edit of invoiced content — line items, amounts, the
 * address, the buyer's VAT id and Leitweg-ID — is refused with 409 ORDER_INVOICED. A credit note voids the
 * invoice and releases the order; the corrected invoice then takes the next number and freezes it again.
 * Comments, signals and the staff remark stay editable: they are not on the invoice.
 *
 * The check runs inside the edit's transaction after the order row is locked, and issuing locks the same row, so
 * an edit and an issue never interleave: either the edit lands before the invoice is built, or it is refused.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../db/database.ts';
import { invoices } from '../db/schema.ts';
import { AppError } from '../http/errors.ts';
import type { Language, Translations } from '../i18n/languages.ts';

const MESSAGES: Translations<(number: string) => string> = {
  de: (number) =>
    `Die Bestellung ist mit Rechnung ${number} abgerechnet und kann nicht mehr geändert werden. Erstelle zuerst eine Gutschrift; danach lässt sich die Bestellung korrigieren und neu abrechnen.`,
  en: (number) =>
    `This order is billed by invoice ${number} and can no longer be changed. Issue a credit note first; the order can then be corrected and invoiced again.`,
  fr: (number) =>
    `Cette commande est facturée par la facture ${number} et ne peut plus être modifiée. Émettez d’abord un avoir ; la commande pourra ensuite être corrigée et facturée à nouveau.`,
  it: (number) =>
    `Questo ordine è fatturato con la fattura ${number} e non può più essere modificato. Emetti prima una nota di credito; poi l'ordine potrà essere corretto e fatturato di nuovo.`,
  pl: (number) =>
    `To zamówienie zostało zafakturowane fakturą ${number} i nie można go już zmienić. Najpierw wystaw fakturę korygującą; potem zamówienie można poprawić i zafakturować ponownie.`,
};

/** The order's invoice that stands (issued, not void), if any. */
export async function standingInvoice(
  tx: Tx | Db,
  orderId: string,
): Promise<{ id: string; number: string } | undefined> {
  const [row] = await tx
    .select({ id: invoices.id, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice'), ne(invoices.status, 'void')))
    .limit(1);
  return row;
}

function orderInvoiced(number: string, language: Language): AppError {
  return new AppError(409, 'ORDER_INVOICED', MESSAGES[language](number), { invoice_number: number });
}

/** Refuses an edit of invoiced content while an invoice stands; call it after locking the order row. */
export async function assertNotInvoiced(tx: Tx | Db, orderId: string, language: Language): Promise<void> {
  const invoice = await standingInvoice(tx, orderId);
  if (invoice) throw orderInvoiced(invoice.number, language);
}
