/**
 * The print partner artifact of an order as a pg-boss job (issue 14 "Artifact export"): renders the order's album
 * with the four print presets, zips the PDFs with the order JSON and a SHA-256 manifest into storage
 * (print-partner/order-artifact.ts). The job's state lives on the order's timeline: `export_started` carries the
 * export id and its progress, `export_completed` the zip's key, size and checksum, `export_failed` the reason.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderQueryEntries, settingsForPreset } from '@stickerbook/model';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Config } from '../config/index.ts';
import type { Db } from '../db/database.ts';
import { orderUpdates } from '../db/schema.ts';
import type { RenderExportDeps } from '../print/render-export-job.ts';
import { findOrder } from './repository.ts';
import { albumCmykPhotos } from '../print/cmyk-source.ts';
import { runExport } from '../print/export-pipeline.ts';
import { buildOrderArtifact, type ArtifactFile } from '../print-partner/order-artifact.ts';
import type { BlobStorage } from '../storage/index.ts';
import { ARTIFACT_PRESETS, esvecoJson } from './esveco-json.ts';

export const ORDER_ARTIFACT_QUEUE = 'order-artifact-export';
/**
 * A failure is shown on the timeline and staff start a new export, so the job itself never fails. It is run again
 * only when its worker died (kill -9, a lost machine): pg-boss hands it out once more after its lease, as long as
 * the print exports' (RENDER_EXPORT_LEASE_SECONDS); the run skips an export whose outcome is already recorded.
 */
export function orderArtifactQueueOptions(config: Pick<Config, 'renderExportLeaseSeconds'>) {
  return { retryLimit: 1, retryDelay: 5, expireInSeconds: config.renderExportLeaseSeconds };
}

export interface OrderArtifactJob {
  orderId: string;
  exportId: string;
  userId: string;
}

export interface ArtifactExportDeps extends RenderExportDeps {
  storage: BlobStorage;
  config: Pick<Config, 'renderExportLeaseSeconds'>;
}

const EXPORT_SIGNALS = ['export_started', 'export_completed', 'export_failed'];

export interface ArtifactState {
  state: 'none' | 'working' | 'finished' | 'error';
  progress: number;
  exportId: string | null;
  key: string | null;
  byteSize: number | null;
  sha256: string | null;
  error: string | null;
}

/** The latest export of the order, from its timeline. */
export async function artifactState(db: Db, orderId: string): Promise<ArtifactState> {
  const [latest] = await db
    .select()
    .from(orderUpdates)
    .where(and(eq(orderUpdates.orderId, orderId), inArray(orderUpdates.signal, EXPORT_SIGNALS)))
    .orderBy(desc(orderUpdates.createdAt))
    .limit(1);
  const meta = (latest?.metadata ?? {}) as Record<string, unknown>;
  const str = (key: string) => (typeof meta[key] === 'string' ? (meta[key] as string) : null);
  const base = { exportId: str('export_id'), key: null, byteSize: null, sha256: null, error: null };
  switch (latest?.signal) {
    case 'export_started':
      return { ...base, state: 'working', progress: Number(meta.progress ?? 0) };
    case 'export_completed':
      return {
        ...base,
        state: 'finished',
        progress: 100,
        key: str('key'),
        byteSize: Number(meta.byte_size),
        sha256: str('sha256'),
      };
    case 'export_failed':
      return { ...base, state: 'error', progress: 0, error: str('error') };
    default:
      return { ...base, state: 'none', progress: 0 };
  }
}

/** Records `export_started` (with progress 0) for a new export; the route then queues the job. */
export async function recordExportStarted(db: Db, job: OrderArtifactJob): Promise<void> {
  await db.insert(orderUpdates).values({
    orderId: job.orderId,
    signal: 'export_started',
    userId: job.userId,
    metadata: { export_id: job.exportId, progress: 0 },
  });
}

async function setProgress(db: Db, job: OrderArtifactJob, progress: number): Promise<void> {
  await db
    .update(orderUpdates)
    .set({ metadata: sql`${orderUpdates.metadata} || ${JSON.stringify({ progress })}::jsonb` })
    .where(
      and(
        eq(orderUpdates.orderId, job.orderId),
        eq(orderUpdates.signal, 'export_started'),
        sql`${orderUpdates.metadata}->>'export_id' = ${job.exportId}`,
      ),
    );
}

/** The export's progress (0-90) once preset `index` is `done` (0-1) rendered. */
function presetProgress(index: number, done: number): number {
  return Math.floor((90 * (index + done)) / ARTIFACT_PRESETS.length);
}

/** Renders, zips and stores; records export_completed or export_failed. Never throws: the timeline has the outcome. */
async function runOrderArtifactJob(deps: ArtifactExportDeps, job: OrderArtifactJob): Promise<void> {
  const db = deps.database.db;
  const workDir = await mkdtemp(join(tmpdir(), 'order-artifact-'));
  try {
    const order = await findOrder(db, job.orderId);
    if (!order) return; // deleted meanwhile
    if (await exportOutcomeRecorded(db, job)) return; // a run again after a worker died, which had finished
    if (!order.albumId) throw new Error('The order has no album to render');
    const token = await deps.tokens.signRender(order.albumId);
    const files: ArtifactFile[] = [];
    // The PDF/X files embed the photos' CMYK copies as they are, as the print exports do.
    const cmykPhotos = albumCmykPhotos(deps.database, deps.storage, order.albumId, deps.outputProfile);
    for (const [index, preset] of ARTIFACT_PRESETS.entries()) {
      const settings = settingsForPreset(preset);
      const query = new URLSearchParams(
        renderQueryEntries({ albumId: order.albumId, apiUrl: `${deps.publicUrl}/api/v1`, token, settings }),
      );
      const result = await runExport({
        browser: await deps.browsers.browser(),
        url: `${deps.publicUrl}/render/${encodeURIComponent(order.albumId)}?${query}`,
        settings,
        cmykPhotos,
        // The print partner's CMYK profile (PRINT_OUTPUT_ICC), as the print exports use it.
        profile: deps.outputProfile,
        // Rendering is 90 % of the work, a quarter per preset; zipping the rest. A preset's pages printed are
        // most of its quarter, its file finished (boxes, PDF/X, photos) the rest.
        onProgress: (done, total) =>
          setProgress(db, job, presetProgress(index, (0.8 * done) / Math.max(total, 1))),
      });
      await setProgress(db, job, presetProgress(index, 1));
      const path = join(workDir, `${preset}.${result.ext}`);
      await writeFile(path, result.parts);
      files.push({ name: `${preset}.${result.ext}`, path });
    }
    const key = `artifacts/${order.id}/${job.exportId}.zip`;
    const built = await buildOrderArtifact(files, await esvecoJson(db, order), {
      storage: deps.storage,
      key,
    });
    await db.insert(orderUpdates).values({
      orderId: order.id,
      signal: 'export_completed',
      userId: job.userId,
      metadata: { export_id: job.exportId, key, byte_size: built.byteSize, sha256: built.sha256 },
    });
  } catch (error) {
    await db
      .insert(orderUpdates)
      .values({
        orderId: job.orderId,
        signal: 'export_failed',
        userId: job.userId,
        metadata: { export_id: job.exportId, error: error instanceof Error ? error.message : String(error) },
      })
      .catch(() => undefined); // the order was deleted meanwhile
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function exportOutcomeRecorded(db: Db, job: OrderArtifactJob): Promise<boolean> {
  const [outcome] = await db
    .select({ id: orderUpdates.id })
    .from(orderUpdates)
    .where(
      and(
        eq(orderUpdates.orderId, job.orderId),
        inArray(orderUpdates.signal, ['export_completed', 'export_failed']),
        sql`${orderUpdates.metadata}->>'export_id' = ${job.exportId}`,
      ),
    )
    .limit(1);
  return outcome !== undefined;
}

/** Registers the export worker in this process; one at a time, as each export drives Chromium for long. */
export async function workOrderArtifactExports(boss: PgBoss, deps: ArtifactExportDeps): Promise<void> {
  await boss.createQueue(ORDER_ARTIFACT_QUEUE, {
    name: ORDER_ARTIFACT_QUEUE,
    ...orderArtifactQueueOptions(deps.config),
  });
  await boss.work<OrderArtifactJob>(
    ORDER_ARTIFACT_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => runOrderArtifactJob(deps, job!.data),
  );
}
