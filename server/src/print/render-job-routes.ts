import { randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_PACK_SEED, PROOF_PRESET, settingsForPreset, type PresetName } from '@stickerbook/model';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin, type Principal } from '../auth/access-tokens.ts';
import { requirePrincipal } from '../auth/authenticate.ts';
import type { RenderJobParams } from '../db/schema.ts';
import { AppError, forbidden, notFound } from '../http/errors.ts';
import { jobSender } from '../jobs/sender.ts';
import { RENDER_EXPORT_QUEUE, renderExportQueueOptions, type RenderExportJob } from './render-export-job.ts';
import { imageServices } from '../images/service.ts';
import { ExportFiles } from './export-files.ts';
import { renderTokensFor } from './render-tokens.ts';
import { findAlbumHeaderFor } from '../album-store/albums.ts';
import {
  deleteRenderJob,
  findRenderJob,
  insertRenderJob,
  listRenderJobs,
  type RenderJobRow,
} from './render-jobs-repository.ts';
import {
  createdRenderJobSchema,
  createRenderJobSchema,
  errorResponses,
  renderJobListSchema,
  renderJobQuerySchema,
  type RenderJobView,
} from '@stickerbook/api';

/**
 * SPEC §7 render jobs: POST /exports/render_jobs, GET /render_jobs?album_id=, DELETE /render_jobs/:id, plus the
 * download of a finished file. Exports are an admin tool (SPEC §6), except the proof, which the album's owner and
 * collaborators make to check the album before approving it for print; an album you cannot see is 404 as everywhere.
 */
export const renderJobRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.ctx.database.db;
  const tokens = renderTokensFor(app.ctx.config);
  // The storage the images use (local or S3), so exports are signed and served the same way.
  const files = new ExportFiles(imageServices(app).storage);

  const send = (job: RenderExportJob) =>
    jobSender(app.ctx.database).send(
      RENDER_EXPORT_QUEUE,
      job,
      renderExportQueueOptions(app.ctx.config),
      renderExportQueueOptions(app.ctx.config),
    );

  async function requireAdminOnAlbum(principal: Principal, albumId: string): Promise<void> {
    if (!(await findAlbumHeaderFor(db, albumId, principal))) throw notFound('Album');
    if (!isAdmin(principal)) throw forbidden('ADMIN_ONLY', 'Only admins can export print files');
  }

  /** Anyone who can see the album (owner, collaborator, admin) may make a proof; strangers get 404. */
  async function albumLanguageFor(principal: Principal, albumId: string): Promise<string | null> {
    const found = await findAlbumHeaderFor(db, albumId, principal);
    if (!found) throw notFound('Album');
    return found.album.language;
  }

  /** What a non-admin sees of an album's exports: the proofs they asked for themselves. */
  const ownProof = (principal: Principal) => (row: RenderJobRow) =>
    row.createdBy === principal.id && row.settings.preset === PROOF_PRESET;

  async function view(row: RenderJobRow): Promise<RenderJobView> {
    const fileUrl =
      row.state === 'finished' && row.fileKey
        ? await files.url(row.fileKey, row.contentType ?? 'application/octet-stream')
        : null;
    return {
      id: row.id,
      state: row.state,
      progress: row.progress,
      pages_done: row.pagesDone,
      pages_total: row.pagesTotal,
      file_url: fileUrl,
      file_name: row.fileName,
      file_size: row.fileSize,
      error: row.state === 'error' ? row.error : null,
      attempts: row.attempts,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      params: row.params,
      settings: row.settings,
    };
  }

  async function queueOrDrop(row: RenderJobRow, log: FastifyBaseLogger): Promise<void> {
    try {
      await send({ renderJobId: row.id });
    } catch (error) {
      await deleteRenderJob(db, row.id);
      log.error(error, 'could not queue the render job');
      throw new AppError(503, 'QUEUE_UNAVAILABLE', 'The export could not be queued; please try again');
    }
  }

  app.post(
    '/exports/render_jobs',
    {
      schema: {
        tags: ['print'],
        body: createRenderJobSchema,
        response: { 200: createdRenderJobSchema, 201: createdRenderJobSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      const { params: input, settings = {} } = request.body.render_job;
      const { album_id: albumId, ...overrides } = input;
      const preset: PresetName = settings.preset ?? 'custom';
      if (preset === PROOF_PRESET) {
        const language = await albumLanguageFor(principal, albumId);
        // One proof at a time per person and album: asking again while it renders answers with that job.
        const running = (await listRenderJobs(db, albumId))
          .filter(ownProof(principal))
          .find((job) => job.state === 'queued' || job.state === 'working');
        if (running) {
          void reply.status(200);
          return { render_job: await view(running), meta: { token: await tokens.signRender(albumId) } };
        }
        // A proof is always the same file: the preset's settings, whatever else was sent.
        const row = await insertRenderJob(db, {
          albumId,
          createdBy: principal.id,
          params: { album_id: albumId, ...settingsForPreset(PROOF_PRESET) },
          settings: { preset, custom: false, label: settings.label, language },
        });
        await queueOrDrop(row, request.log);
        void reply.status(201);
        return { render_job: await view(row), meta: { token: await tokens.signRender(albumId) } };
      }
      await requireAdminOnAlbum(principal, albumId);
      const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
      const resolved = settingsForPreset(preset, defined);
      // A sticker pack file draws its packs at random once, when the job is made: its seed stays in the params, so
      // every run of the job (a retry too) makes the same file, and the same seed can make it again later.
      if (resolved.mode === 'stickerpack') resolved.seed ??= randomInt(MAX_PACK_SEED + 1);
      const params: RenderJobParams = { album_id: albumId, ...resolved };
      const row = await insertRenderJob(db, {
        albumId,
        createdBy: principal.id,
        params,
        settings: { ...settings, preset, custom: settings.custom ?? preset === 'custom' },
      });
      await queueOrDrop(row, request.log);
      void reply.status(201);
      return { render_job: await view(row), meta: { token: await tokens.signRender(albumId) } };
    },
  );

  app.get(
    '/render_jobs',
    {
      schema: {
        tags: ['print'],
        querystring: renderJobQuerySchema,
        response: { 200: renderJobListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const principal = requirePrincipal(request);
      if (!(await findAlbumHeaderFor(db, request.query.album_id, principal))) throw notFound('Album');
      void reply.header('cache-control', 'no-store');
      const rows = await listRenderJobs(db, request.query.album_id);
      // Admins see every export; owners and collaborators only their own proofs.
      const visible = isAdmin(principal) ? rows : rows.filter(ownProof(principal));
      return { render_jobs: await Promise.all(visible.map(view)) };
    },
  );

  async function loadJob(principal: Principal, id: string): Promise<RenderJobRow> {
    const row = z.uuid().safeParse(id).success ? await findRenderJob(db, id) : undefined;
    if (!row || !(await findAlbumHeaderFor(db, row.albumId, principal))) throw notFound('Render job');
    if (!isAdmin(principal)) throw forbidden('ADMIN_ONLY', 'Only admins can export print files');
    return row;
  }

  app.delete(
    '/render_jobs/:id',
    {
      schema: {
        tags: ['print'],
        params: z.object({ id: z.string().max(64) }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await loadJob(requirePrincipal(request), request.params.id);
      await deleteRenderJob(db, row.id);
      if (row.fileKey) await files.delete(row.fileKey);
      return reply.status(204).send(null);
    },
  );
};
