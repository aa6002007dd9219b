/**
 * Issue the order's invoice (SPEC §7 POST /orders/{id}/invoice; invoices/CONTEXT.md "Issuing an invoice"): a
 * gapless number, the Factur-X PDF stored once, and from then on the order is frozen (invoice-freeze.ts). After a
 * credit note this issues the corrected invoice, with the next number, from the order as corrected.
 */
import { AppError } from '../../http/errors.ts';
import { issueInvoice as issueInvoiceDocument, type InvoiceRow } from '../../invoices/service.ts';
import { isUniqueViolation } from '../repository.ts';

/** What issuing needs (database, settings, storage, and whatever else the invoice service takes). */
type IssueContext = Parameters<typeof issueInvoiceDocument>[0];

export async function issueInvoice(
  ctx: IssueContext,
  input: { orderId: string; userId: string },
): Promise<InvoiceRow> {
  try {
    return await issueInvoiceDocument(ctx, input.orderId, input.userId);
  } catch (error) {
    // Two clicks at once: the loser waits for the order lock, then finds the invoice, or hits the unique index.
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'INVOICE_ALREADY_EXISTS', 'This order already has an invoice');
    }
    throw error;
  }
}
