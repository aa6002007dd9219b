/**
 * GDPR self-service (issue 24): the user's own routes under /users/me and the back office's under /admin/users
 * (admins only; everyone else gets 404, as on every back-office route).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/authenticate.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { clearRefreshCookie } from '../auth/refresh-cookie.ts';
import { AppError, notFound, unauthorized } from '../http/errors.ts';
import { imageServices, scheduleFileCleanup } from '../images/service.ts';
import { adminOnly, requireAdmin } from '../orders/admin-access.ts';
import { findUserByEmail, findUserById, toUserView, type UserRow } from '../repositories/users.ts';
import { errorResponses, userSchema } from '@stickerbook/api';
import { createStorage } from '../storage/index.ts';
import { latestDataExport, startDataExport, type DataExportRow } from './data-export.ts';
import { deleteAccount, deletionPlan, type SharedAlbumDecision } from './delete-account.ts';

const dataExportSchema = z.object({
  state: z.enum(['none', 'working', 'finished', 'error']),
  progress: z.number().int(),
  /** A signed link to the zip, handed only to the account (or an admin) through this authorised route. */
  blob_url: z.string().nullable(),
  byte_size: z.number().int().nullable(),
  created_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});

const deletionPlanSchema = z.object({
  confirm_with: z.enum(['password', 'email']),
  shared_albums: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      members: z.array(z.object({ id: z.string(), email: z.string(), nickname: z.string().nullable() })),
    }),
  ),
});

const sharedAlbumDecisions = z
  .array(
    z.discriminatedUnion('action', [
      z.strictObject({ album_id: z.string().max(64), action: z.literal('delete') }),
      z.strictObject({
        album_id: z.string().max(64),
        action: z.literal('hand_over'),
        new_owner_id: z.uuid(),
      }),
    ]),
  )
  .max(1_000)
  .default([]);

const userIdParams = z.object({ id: z.uuid() });

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config, accounts } = app.ctx;
  const db = database.db;
  const { storage } = createStorage(config);
  const deletionDeps = () => ({
    database,
    realtime: app.realtime,
    accounts,
    cleanUpFiles: (files: Parameters<typeof scheduleFileCleanup>[1]) =>
      scheduleFileCleanup(imageServices(app), files),
  });

  async function exportView(row: DataExportRow | undefined) {
    return {
      state: row?.state ?? ('none' as const),
      progress: row?.progress ?? 0,
      blob_url:
        row?.state === 'finished' && row.storageKey
          ? await storage.readUrl(row.storageKey, 'application/zip')
          : null,
      byte_size: row?.byteSize ?? null,
      created_at: row?.createdAt.toISOString() ?? null,
      finished_at: row?.finishedAt?.toISOString() ?? null,
    };
  }

  async function currentUser(request: Parameters<typeof requireUser>[0]): Promise<UserRow> {
    const user = await findUserById(db, requireUser(request).id);
    if (!user) throw unauthorized('The account no longer exists');
    return user;
  }

  async function userForAdmin(id: string): Promise<UserRow> {
    const user = await findUserById(db, id);
    if (!user) throw notFound('User');
    return user;
  }

  // The user's own -----------------------------------------------------------------------------------------------

  app.get(
    '/users/me/data_export',
    { schema: { tags: ['users'], response: { 200: dataExportSchema, ...errorResponses } } },
    async (request) => exportView(await latestDataExport(db, (await currentUser(request)).id)),
  );

  app.post(
    '/users/me/data_export',
    { schema: { tags: ['users'], response: { 202: dataExportSchema, ...errorResponses } } },
    async (request, reply) => {
      const user = await currentUser(request);
      const row = await startDataExport({ database, storage }, { userId: user.id, requestedBy: user.id });
      return reply.status(202).send(await exportView(row));
    },
  );

  app.get(
    '/users/me/deletion',
    { schema: { tags: ['users'], response: { 200: deletionPlanSchema, ...errorResponses } } },
    async (request) => deletionPlan(database, (await currentUser(request)).id),
  );

  /**
   * A built-in account confirms with its password; an account from an outside login provider has none here and
   * types its e-mail address instead. A wrong confirmation changes nothing.
   */
  app.delete(
    '/users/me',
    {
      config: { rateLimit: { max: config.rateLimits.authPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        body: z.strictObject({
          password: z.string().max(200).optional(),
          email: z.string().max(320).optional(),
          shared_albums: sharedAlbumDecisions,
        }),
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = await currentUser(request);
      const { password, email, shared_albums: sharedAlbums } = request.body;
      if (user.passwordHash) {
        if (!password) throw new AppError(422, 'PASSWORD_REQUIRED', 'Confirm with your password');
        if (!(await verifyPassword(password, user.passwordHash)))
          throw new AppError(422, 'PASSWORD_WRONG', 'The password is not correct');
      } else if (email?.trim().toLowerCase() !== user.email) {
        throw new AppError(422, 'CONFIRMATION_EMAIL_WRONG', "Type the account's e-mail address to confirm");
      }
      await deleteAccount(deletionDeps(), {
        userId: user.id,
        by: user.id,
        sharedAlbums: sharedAlbums as SharedAlbumDecision[],
      });
      clearRefreshCookie(reply, 'user', config.publicUrl);
      return reply.status(204).send();
    },
  );

  // The back office ----------------------------------------------------------------------------------------------

  const adminUserSchema = z.object({
    user: userSchema,
    deletion: deletionPlanSchema,
    data_export: dataExportSchema,
  });

  async function adminUserView(user: UserRow) {
    return {
      user: await toUserView(db, user),
      deletion: await deletionPlan(database, user.id),
      data_export: await exportView(await latestDataExport(db, user.id)),
    };
  }

  app.get(
    '/admin/users',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        querystring: z.strictObject({ email: z.string().trim().min(1).max(320) }),
        response: { 200: adminUserSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = await findUserByEmail(db, request.query.email);
      if (!user) throw notFound('User');
      return adminUserView(user);
    },
  );

  app.get(
    '/admin/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        params: userIdParams,
        response: { 200: adminUserSchema, ...errorResponses },
      },
    },
    async (request) => adminUserView(await userForAdmin(request.params.id)),
  );

  app.post(
    '/admin/users/:id/data_export',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        params: userIdParams,
        response: { 202: dataExportSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const user = await userForAdmin(request.params.id);
      const row = await startDataExport({ database, storage }, { userId: user.id, requestedBy: admin.id });
      return reply.status(202).send(await exportView(row));
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      preValidation: adminOnly,
      schema: {
        tags: ['admin'],
        params: userIdParams,
        body: z.strictObject({ shared_albums: sharedAlbumDecisions }).nullish(),
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const user = await userForAdmin(request.params.id);
      if (user.id === admin.id)
        throw new AppError(409, 'DELETE_OWN_ACCOUNT_IN_PROFILE', 'Delete your own account from your profile');
      await deleteAccount(deletionDeps(), {
        userId: user.id,
        by: admin.id,
        sharedAlbums: (request.body?.shared_albums ?? []) as SharedAlbumDecision[],
      });
      return reply.status(204).send();
    },
  );
};
