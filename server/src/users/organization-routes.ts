import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerIdentifierOf } from '../auth/access-tokens.ts';
import { requirePrincipal } from '../auth/authenticate.ts';
import { listOrganizations } from './organizations.ts';
import { errorResponses, organizationListSchema } from '@stickerbook/api';

/** The organizations the wizard's data step stored for the caller (SPEC §2 wizard). */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/organizations',
    {
      schema: {
        tags: ['organizations'],
        response: { 200: organizationListSchema, ...errorResponses },
      },
    },
    async (request) => ({
      organizations: await listOrganizations(
        app.ctx.database.db,
        ownerIdentifierOf(requirePrincipal(request)),
      ),
    }),
  );
};
