/**
 * Transfer the finished export to the print partner over SFTP (SPEC §7 POST /orders/{id}/transfer): needs the
 * partner's settings (409 PRINT_PARTNER_NOT_CONFIGURED) and a finished export (409 ARTIFACT_NOT_READY); records
 * `transfer_started` and then `transfer_completed` or `transfer_failed` around the upload, which retries with
 * backoff inside and checks size and checksum (print-partner/sftp-transfer.ts).
 */
import type { Config } from '../../config/index.ts';
import type { Db } from '../../db/database.ts';
import { orderUpdates } from '../../db/schema.ts';
import { AppError } from '../../http/errors.ts';
import { transferArtifact } from '../../print-partner/sftp-transfer.ts';
import type { BlobStorage } from '../../storage/index.ts';
import { artifactState } from '../artifact-export.ts';
import type { OrderRow } from '../repository.ts';
import { orderName } from '../view.ts';

export async function transfer(
  ctx: { db: Db; config: Config; storage: BlobStorage },
  input: { order: OrderRow; userId: string },
): Promise<{ remotePath: string; byteSize: number }> {
  const { order } = input;
  const printPartner = ctx.config.printPartner;
  if (!printPartner) {
    throw new AppError(
      409,
      'PRINT_PARTNER_NOT_CONFIGURED',
      'Set PRINT_PARTNER_SFTP_URL and PRINT_PARTNER_SFTP_KEY to transfer orders to the print partner',
    );
  }
  const artifact = await artifactState(ctx.db, order.id);
  if (artifact.state !== 'finished' || !artifact.key || !artifact.sha256 || artifact.byteSize === null) {
    throw new AppError(409, 'ARTIFACT_NOT_READY', 'Export the print files before transferring them');
  }
  const key = artifact.key;
  const record = (signal: string, metadata: Record<string, unknown>) =>
    ctx.db.insert(orderUpdates).values({ orderId: order.id, signal, userId: input.userId, metadata });
  await record('transfer_started', { export_id: artifact.exportId });
  try {
    const result = await transferArtifact(
      printPartner,
      () => ctx.storage.stream(key),
      `${orderName(order.number)}.zip`,
      { expected: { byteSize: artifact.byteSize, sha256: artifact.sha256 } },
    );
    await record('transfer_completed', { remote_path: result.remotePath, sha256: result.sha256 });
    return { remotePath: result.remotePath, byteSize: result.byteSize };
  } catch (error) {
    await record('transfer_failed', { error: error instanceof Error ? error.message : String(error) });
    throw error;
  }
}
