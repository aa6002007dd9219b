/**
 * Add a staff signal to the order's timeline (SPEC §4, §7 POST /orders/{id}/order_updates): once per signal —
 * the order row is locked first, so two admins pressing the button at once add it once (409
 * SIGNAL_ALREADY_PRESENT for the second) — and, when asked, the update mail to the customer in the album's
 * language with the tracking link.
 *
 * Where SPEC §4 gives the signals an order (the model's `SIGNAL_SEQUENCE`: accepted, design approved, transferred,
 * in production, shipped, shipment created), a signal out of that order — "Alben versendet" before "Bestellung
 * angenommen" — is refused with 409 SIGNAL_OUT_OF_ORDER and the reason in the admin's language, unless the admin
 * confirmed it (`confirm`), having read that reason.
 */
import { signalOutOfOrder } from '@stickerbook/model';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { orderUpdates } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import type { MailJob } from '../../jobs/mail.ts';
import { loadOrderParts, type OrderRow } from '../repository.ts';
import type { Language } from '../../i18n/languages.ts';
import { signalOutOfOrderReason } from '../texts.ts';
import { languageOf } from '../../i18n/languages.ts';
import { trackingUrl } from '../tracking.ts';
import { orderUpdateMail } from '../update-mail.ts';
import { orderName } from '../view.ts';

export async function addSignal(
  ctx: { db: Db; mails: { send(mail: MailJob): Promise<void> }; publicUrl: string },
  input: {
    order: OrderRow;
    signal: string;
    message: string | null;
    metadata: Record<string, string | undefined>;
    triggerEmail: boolean;
    userId: string;
    /** The admin read the out-of-order reason and adds the signal anyway. */
    confirm?: boolean;
    /** The admin's language, for the refusal's reason. */
    language?: Language;
  },
): Promise<void> {
  const { order } = input;
  const metadata = Object.fromEntries(
    Object.entries(input.metadata).filter(([, value]) => value !== undefined && value !== ''),
  );
  const added = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id = ${order.id} for update`);
    const present = await tx
      .select({ id: orderUpdates.id })
      .from(orderUpdates)
      .where(and(eq(orderUpdates.orderId, order.id), eq(orderUpdates.signal, input.signal)))
      .limit(1);
    if (present.length > 0) return false;
    if (input.confirm !== true) {
      const timeline = await tx
        .select({ signal: orderUpdates.signal })
        .from(orderUpdates)
        .where(eq(orderUpdates.orderId, order.id))
        .orderBy(asc(orderUpdates.createdAt), asc(orderUpdates.id));
      const outOfOrder = signalOutOfOrder(input.signal, timeline);
      if (outOfOrder)
        throw new AppError(
          409,
          'SIGNAL_OUT_OF_ORDER',
          signalOutOfOrderReason(input.signal, outOfOrder, input.language ?? 'de'),
          { signal: input.signal, missing: outOfOrder.missing, later: outOfOrder.later },
        );
    }
    await tx.insert(orderUpdates).values({
      orderId: order.id,
      signal: input.signal,
      message: input.message,
      metadata,
      userId: input.userId,
    });
    return true;
  });
  if (!added) throw new AppError(409, 'SIGNAL_ALREADY_PRESENT', 'This signal is already on the timeline');
  if (!input.triggerEmail) return;
  const parts = await loadOrderParts(ctx.db, [order]);
  const album = order.albumId ? parts.albums.get(order.albumId) : undefined;
  await ctx.mails.send(
    orderUpdateMail({
      to: order.email,
      language: languageOf(album?.language ?? order.language),
      orderName: orderName(order.number),
      orderUrl: `${ctx.publicUrl}/orders/${order.id}`,
      signal: input.signal,
      message: input.message,
      trackingUrl: trackingUrl(metadata),
    }),
  );
}
