import { featuresSchema } from '@stickerbook/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageEditService } from './image-edits/service.ts';
import { stockProvider } from './stock/routes.ts';

/**
 * What this deployment offers, for the web to show or hide: the AI edit (off in production and without a
 * provider, with the reason), which stock source answers, the SPEC §1 environment (default stock query etc.) and
 * the help widget (Chatwoot when configured).
 */
export const featureRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/features',
    {
      schema: {
        tags: ['features'],
        response: { 200: featuresSchema },
      },
    },
    async () => {
      const availability = imageEditService(app).availability;
      return {
        ai_image_edit: availability.enabled,
        ai_image_edit_reason: availability.enabled ? null : availability.reason,
        stock: stockProvider(app).kind,
        environment: app.ctx.config.siteEnvironment,
        chatwoot: app.ctx.config.chatwoot
          ? { url: app.ctx.config.chatwoot.url, website_token: app.ctx.config.chatwoot.websiteToken }
          : null,
      };
    },
  );
};
