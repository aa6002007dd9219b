/**
 * The back office's GDPR routes under /admin/users (issue 24): find a person, start their data export, delete their
 * account. Admin-only: the route index registers them under `adminOnly` (auth/admin-only.ts), everyone else gets
 * 404, as on every back-office route.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/authenticate.ts';
import { AppError, notFound } from '../http/errors.ts';
import { findUserByEmail, findUserById, toUserView, type UserRow } from '../users/repository.ts';
import {
  adminUserQuerySchema,
  adminUserSchema,
  dataExportSchema,
  deleteUserSchema,
  errorResponses,
} from '@stickerbook/api';
import { createStorage } from '../storage/index.ts';
import { latestDataExport, startDataExport } from './data-export.ts';
import { deleteAccount, deletionPlan, type SharedAlbumDecision } from './delete-account.ts';
import { dataExportView, deletionDeps } from './views.ts';

const userIdParams = z.object({ id: z.uuid() });

export const accountAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  const db = database.db;
  const { storage } = createStorage(config);
  const exportView = (row: Parameters<typeof dataExportView>[1]) => dataExportView(storage, row);

  async function userForAdmin(id: string): Promise<UserRow> {
    const user = await findUserById(db, id);
    if (!user) throw notFound('User');
    return user;
  }

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
      schema: {
        tags: ['admin'],
        querystring: adminUserQuerySchema,
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
      schema: {
        tags: ['admin'],
        params: userIdParams,
        response: { 202: dataExportSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const user = await userForAdmin(request.params.id);
      const row = await startDataExport({ database, storage }, { userId: user.id, requestedBy: admin.id });
      return reply.status(202).send(await exportView(row));
    },
  );

  app.delete(
    '/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        params: userIdParams,
        body: deleteUserSchema,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const user = await userForAdmin(request.params.id);
      if (user.id === admin.id)
        throw new AppError(409, 'DELETE_OWN_ACCOUNT_IN_PROFILE', 'Delete your own account from your profile');
      await deleteAccount(deletionDeps(app), {
        userId: user.id,
        by: admin.id,
        sharedAlbums: (request.body?.shared_albums ?? []) as SharedAlbumDecision[],
      });
      return reply.status(204).send();
    },
  );
};
