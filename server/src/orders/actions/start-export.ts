/**
 * Start the print-partner export of an order (SPEC §7 POST /orders/{id}/esveco_artifact): one at a time (409
 * EXPORT_RUNNING), only for an order with an album that passes the preflight (SPEC §5, 422 ALBUM_HAS_ERRORS), recorded as `export_started` and run as a pg-boss job
 * (artifact-export.ts). The job reads the order's rows when it runs, so the artifact's JSON is the order as it
 * stands then — which, while invoiced, is the invoiced order (invoice-freeze.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config/index.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { Language } from '../../i18n/languages.ts';
import { jobSender } from '../../jobs/sender.ts';
import {
  artifactState,
  ORDER_ARTIFACT_QUEUE,
  orderArtifactQueueOptions,
  recordExportStarted,
} from '../artifact-export.ts';
import type { OrderRow } from '../repository.ts';
import { refuseAlbumWithErrors } from '../service.ts';

export async function startExport(
  ctx: { database: Database; config: Pick<Config, 'renderExportLeaseSeconds'> },
  input: { order: OrderRow; userId: string; language: Language },
): Promise<void> {
  const { order } = input;
  const db = ctx.database.db;
  if (!order.albumId) throw new AppError(409, 'ORDER_HAS_NO_ALBUM', 'The order has no album to export');
  if ((await artifactState(db, order.id)).state === 'working') {
    throw new AppError(409, 'EXPORT_RUNNING', 'An export of this order is already running');
  }
  await refuseAlbumWithErrors(db, order.albumId, input.language);
  const job = { orderId: order.id, exportId: randomUUID(), userId: input.userId };
  await recordExportStarted(db, job);
  await jobSender(ctx.database).send(
    ORDER_ARTIFACT_QUEUE,
    job,
    orderArtifactQueueOptions(ctx.config),
    orderArtifactQueueOptions(ctx.config),
  );
}
