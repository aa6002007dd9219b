/**
 * Issue a credit note for the order's standing invoice (SPEC §7 POST /orders/{id}/credit_note): the invoice
 * becomes void, which releases the order for corrections; a corrected invoice may follow with the next number.
 * Its status follows the money honestly (invoices/service.ts `issueCreditNote`): never `paid`.
 */
import type { Config } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import { issueCreditNote as issueCreditNoteDocument, type InvoiceRow } from '../../invoices/service.ts';
import type { BlobStorage } from '../../storage/index.ts';

export async function issueCreditNote(
  ctx: { db: Db; config: Config; storage: BlobStorage },
  input: { orderId: string; userId: string },
): Promise<InvoiceRow> {
  return issueCreditNoteDocument(ctx, input.orderId, input.userId);
}
