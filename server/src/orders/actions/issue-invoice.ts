/**
 * Issue the order's invoice (SPEC §7 POST /orders/{id}/invoice; invoices/CONTEXT.md "Issuing an invoice"): a
 * gapless number, the Factur-X PDF stored once, and from then on the order is frozen (invoice-freeze.ts). After a
 * credit note this issues the corrected invoice, with the next number, from the order as corrected.
 */
import type { Config } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import { issueInvoice as issueInvoiceDocument, type InvoiceRow } from '../../invoices/service.ts';
import type { BlobStorage } from '../../storage/index.ts';
import { isUniqueViolation } from '../repository.ts';

export async function issueInvoice(
  ctx: { db: Db; config: Config; storage: BlobStorage; onStripeError?: (error: unknown) => void },
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
