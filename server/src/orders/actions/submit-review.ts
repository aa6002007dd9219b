/**
 * Review feedback (SPEC §4 album lock): only while the album is locked; unlocks it so the design can be changed,
 * records `review_feedback` with the customer's message, and tells every open editor (`album_locked` false).
 */
import { AppError } from '../../http/errors.ts';
import { broadcastAlbumLock, type Realtime } from '../../realtime/index.ts';
import { recordLockChange, type OrderRow } from '../repository.ts';
import type { OrdersContext } from '../service.ts';

export async function submitReview(
  ctx: OrdersContext,
  realtime: Realtime,
  input: { order: OrderRow; userId: string; message: string | null },
): Promise<void> {
  const { order } = input;
  if (!order.albumId) throw new AppError(409, 'ALBUM_GONE', 'The album of this order was deleted');
  const changed = await recordLockChange(ctx.db, {
    orderId: order.id,
    albumId: order.albumId,
    from: true,
    to: false,
    signal: 'review_feedback',
    message: input.message,
    userId: input.userId,
  });
  if (!changed)
    throw new AppError(409, 'ALBUM_NOT_LOCKED', 'Feedback can be sent only while the album is approved');
  broadcastAlbumLock(realtime, order.albumId, false);
}
