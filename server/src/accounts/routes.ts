/**
 * GDPR self-service (issue 24): the user's own routes under /users/me; the back office's under /admin/users are in
 * admin-routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/authenticate.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { clearRefreshCookie } from '../auth/refresh-cookie.ts';
import { AppError, unauthorized } from '../http/errors.ts';
import { findUserById, type UserRow } from '../users/repository.ts';
import { dataExportSchema, deleteAccountSchema, deletionPlanSchema, errorResponses } from '@stickerbook/api';
import { createStorage } from '../storage/index.ts';
import { latestDataExport, startDataExport } from './data-export.ts';
import { deleteAccount, deletionPlan, type SharedAlbumDecision } from './delete-account.ts';
import { dataExportView, deletionDeps } from './views.ts';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  const db = database.db;
  const { storage } = createStorage(config);
  const exportView = (row: Parameters<typeof dataExportView>[1]) => dataExportView(storage, row);
  async function currentUser(request: Parameters<typeof requireUser>[0]): Promise<UserRow> {
    const user = await findUserById(db, requireUser(request).id);
    if (!user) throw unauthorized('The account no longer exists');
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
        body: deleteAccountSchema,
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
      await deleteAccount(deletionDeps(app), {
        userId: user.id,
        by: user.id,
        sharedAlbums: sharedAlbums as SharedAlbumDecision[],
      });
      clearRefreshCookie(reply, 'user', config.publicUrl);
      return reply.status(204).send();
    },
  );
};
