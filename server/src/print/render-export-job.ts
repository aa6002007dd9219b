import { PROOF_PRESET, settingsForPreset, renderQueryEntries, type PrintSettings } from '@stickerbook/model';
import type PgBoss from 'pg-boss';
import type { Config } from '../config/index.ts';
import type { Database } from '../db/database.ts';
import type { RenderJobParams } from '../db/schema.ts';
import { BrowserPool, DEFAULT_CHROMIUM_PATH } from './chromium.ts';
import { ExportFiles } from './export-files.ts';
import { albumCmykPhotos } from './cmyk-source.ts';
import { runExport } from './export-pipeline.ts';
import { outputProfileOf, type CmykProfile } from '../config/output-profile.ts';
import { createStorage, type BlobStorage } from '../storage/index.ts';
import { renderTokensFor, type RenderTokens } from './render-tokens.ts';
import {
  findRenderJob,
  markRenderJobFailed,
  markRenderJobFinished,
  markRenderJobWorking,
  updateRenderJobProgress,
} from './render-jobs-repository.ts';

export const RENDER_EXPORT_QUEUE = 'render-export';

/** The pg-boss job carries only the render job's id; the row holds params and state. */
export interface RenderExportJob {
  renderJobId: string;
}

/**
 * Queue policy: a failed attempt is retried twice (after 5 s, then 10 s). A worker that dies mid-job (kill -9, a
 * lost machine) leaves it active until its lease expires (RENDER_EXPORT_LEASE_SECONDS, 30 minutes by default,
 * longer than any export takes), then pg-boss's maintenance retries it the same way; a SIGTERM hands it back at
 * once (queue.ts). A retry renders the same render job into the same file key, so nothing is stored twice.
 */
export function renderExportQueueOptions(config: Pick<Config, 'renderExportLeaseSeconds'>) {
  return {
    retryLimit: 2,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: config.renderExportLeaseSeconds,
  };
}

export interface RenderExportDeps {
  database: Database;
  /** Where the worker opens /render: our own server (PUBLIC_URL), which also serves the API. */
  publicUrl: string;
  browsers: BrowserPool;
  files: ExportFiles;
  tokens: RenderTokens;
  /** Where the photos and their CMYK copies are (images/cmyk-variant.ts). */
  storage: BlobStorage;
  /** The print partner's CMYK profile (config PRINT_OUTPUT_ICC), else Ghostscript's; undefined without ghostscript. */
  outputProfile?: CmykProfile;
}

export function renderExportDeps(database: Database, config: Config): RenderExportDeps {
  const { storage } = createStorage(config);
  return {
    database,
    publicUrl: config.publicUrl,
    browsers: new BrowserPool(config.chromiumPath ?? DEFAULT_CHROMIUM_PATH),
    files: new ExportFiles(storage),
    tokens: renderTokensFor(config),
    storage,
    outputProfile: outputProfileOf(config.printOutput),
  };
}

function printSettingsOf(params: RenderJobParams): PrintSettings {
  const { album_id: _albumId, ...settings } = params;
  return settingsForPreset('custom', settings);
}

/** Runs one export: render, store the file, record it. Throws to make pg-boss retry. */
async function runRenderExportJob(
  deps: RenderExportDeps,
  job: PgBoss.JobWithMetadata<RenderExportJob>,
): Promise<void> {
  const db = deps.database.db;
  const { renderJobId } = job.data;
  const row = await markRenderJobWorking(db, renderJobId);
  if (!row) return; // deleted before it ran
  const settings = printSettingsOf(row.params);
  try {
    const token = await deps.tokens.signRender(row.albumId);
    const query = new URLSearchParams(
      renderQueryEntries({ albumId: row.albumId, apiUrl: `${deps.publicUrl}/api/v1`, token, settings }),
    );
    if (settings.compress) query.set('compress', 'true');
    const url = `${deps.publicUrl}/render/${encodeURIComponent(row.albumId)}?${query}`;
    let cancelled = false;
    const result = await runExport({
      browser: await deps.browsers.browser(),
      url,
      settings,
      proofLanguage: row.settings.preset === PROOF_PRESET ? (row.settings.language ?? null) : undefined,
      cmykPhotos: albumCmykPhotos(deps.database, deps.storage, row.albumId, deps.outputProfile),
      profile: deps.outputProfile,
      onProgress: async (done, total) => {
        // Loading is the first 5 %, pages up to 95 %, storing the rest.
        const progress = Math.min(95, 5 + Math.floor((90 * done) / total));
        cancelled = !(await updateRenderJobProgress(db, renderJobId, {
          progress,
          pagesDone: done,
          pagesTotal: total,
        }));
        if (cancelled) throw new Error('RENDER_JOB_DELETED');
      },
    }).catch((error: unknown) => {
      if (cancelled) return undefined;
      throw error;
    });
    if (!result) return;
    if (process.env.PRINT_TIMINGS)
      // One line per export, so the benchmark can read the stages back (bench/src/print.ts).
      console.error(
        `[render export] ${renderJobId} ${result.pages} pages ${JSON.stringify(result.timingsMs)}`,
      );
    const fileKey = deps.files.keyFor(renderJobId, `${row.albumId}-${settings.mode}`, result.ext);
    const fileSize = await deps.files.write(fileKey, result.parts, result.contentType);
    const fileName = deps.files.nameOf(fileKey);
    const stored = await markRenderJobFinished(db, renderJobId, {
      fileKey,
      fileName,
      fileSize,
      contentType: result.contentType,
      pagesTotal: result.pages,
    });
    if (!stored || !(await findRenderJob(db, renderJobId))) await deps.files.delete(fileKey);
  } catch (error) {
    const final = job.retryCount >= job.retryLimit;
    await markRenderJobFailed(db, renderJobId, error instanceof Error ? error.message : String(error), final);
    throw error;
  }
}

/** Registers `count` concurrent export workers in this process (more processes can run their own). */
export async function workRenderExports(boss: PgBoss, deps: RenderExportDeps, count = 1): Promise<void> {
  for (let i = 0; i < count; i++) {
    await boss.work<RenderExportJob>(
      RENDER_EXPORT_QUEUE,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 },
      async ([job]) => runRenderExportJob(deps, job),
    );
  }
}
