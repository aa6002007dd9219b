/**
 * Issue a credit note for the order's standing invoice (SPEC §7 POST /orders/{id}/credit_note): the invoice
 * becomes void, which releases the order for corrections; a corrected invoice may follow with the next number.
 * Its status follows the money honestly (invoices/service.ts `issueCreditNote`): never `paid`.
 */
import { issueCreditNote as issueCreditNoteDocument, type InvoiceRow } from '../../invoices/service.ts';

export async function issueCreditNote(
  ctx: Parameters<typeof issueCreditNoteDocument>[0],
  input: { orderId: string; userId: string },
): Promise<InvoiceRow> {
  return issueCreditNoteDocument(ctx, input.orderId, input.userId);
}
