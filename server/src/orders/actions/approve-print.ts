/**
 * Print approval (SPEC §4 album lock): only while the album is unlocked and passes the preflight (SPEC §5, 422
 * ALBUM_HAS_ERRORS: an unprintable album must not be approved for print); locks it, records `print_approved`, and
 * tells every open editor of the album on every instance (`album_locked`), which switch to preview mode. From then
 * on the sync service refuses non-admin changes (HTTP and socket) with ALBUM_LOCKED.
 */
import { AppError } from '../../http/errors.ts';
import type { Language } from '../../i18n/languages.ts';
import { broadcastAlbumLock, type Realtime } from '../../realtime/index.ts';
import { recordLockChange, type OrderRow } from '../repository.ts';
import { refuseAlbumWithErrors, type OrdersContext } from '../service.ts';

export async function approvePrint(
  ctx: OrdersContext,
  realtime: Realtime,
  input: { order: OrderRow; userId: string; language: Language },
): Promise<void> {
  const { order } = input;
  if (!order.albumId) throw new AppError(409, 'ALBUM_GONE', 'The album of this order was deleted');
  await refuseAlbumWithErrors(ctx.db, order.albumId, input.language);
  const changed = await recordLockChange(ctx.db, {
    orderId: order.id,
    albumId: order.albumId,
    from: false,
    to: true,
    signal: 'print_approved',
    message: null,
    userId: input.userId,
  });
  if (!changed) throw new AppError(409, 'ALBUM_LOCKED', 'The album is approved for print already');
  broadcastAlbumLock(realtime, order.albumId, true);
}
