/**
 * A customer deleted their account (GDPR Art. 17, issue 24; accounts/delete-account.ts). Their orders and
 * invoices stay for the retention period (§147 AO: ten years for invoices, six for business letters) with nothing
 * of the person but what the invoice needs (§14 UStG: the recipient's name and address, kept on the order's
 * address and frozen in every issued invoice's data and PDF, which stay untouched). The order's e-mail, phone and
 * remark go; `user_id` goes with the account row (ON DELETE SET NULL). Each order's timeline says so, without
 * naming anyone. Runs in the deletion's transaction, before the account row is deleted.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { addresses, orders, orderUpdates } from '../../db/schema.ts';

const CUSTOMER_ACCOUNT_DELETED = 'customer_account_deleted';

export async function forgetCustomer(tx: Tx, input: { userId: string; by: string }): Promise<string[]> {
  const forgotten = await tx
    .update(orders)
    .set({ email: '', phone: null, comment: null })
    .where(eq(orders.userId, input.userId))
    .returning({ id: orders.id });
  const ids = forgotten.map((order) => order.id);
  if (ids.length === 0) return ids;
  // After the orders: the address trigger rebuilds the dashboard's search text, now without the e-mail.
  await tx.update(addresses).set({ phone: null }).where(inArray(addresses.orderId, ids));
  await tx.insert(orderUpdates).values(
    ids.map((orderId) => ({
      orderId,
      signal: CUSTOMER_ACCOUNT_DELETED,
      userId: input.by === input.userId ? null : input.by,
    })),
  );
  return ids;
}
