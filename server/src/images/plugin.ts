import type { FastifyPluginAsync } from 'fastify';
import { directUploadRoutes } from './direct-upload-routes.ts';
import { faceRoutes } from './face-routes.ts';
import { imageRoutes } from './routes.ts';
import { imageServices } from './service.ts';

/** Uploads, image records and face detection (issue 5), registered under /api/v1 by api-routes.ts. */
export const imageFeatureRoutes: FastifyPluginAsync = async (app) => {
  const services = imageServices(app);
  app.addHook('onClose', () => services.close());
  await app.register(directUploadRoutes);
  await app.register(imageRoutes);
  await app.register(faceRoutes);
};
