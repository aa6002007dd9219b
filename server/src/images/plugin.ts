import type { FastifyPluginAsync } from 'fastify';
import { directUploadRoutes } from '../routes/direct-uploads.ts';
import { faceRoutes } from '../routes/faces.ts';
import { imageRoutes } from '../routes/images.ts';
import { imageServices } from './service.ts';

/** Uploads, image records and face detection (issue 5), registered under /api/v1 by routes/index.ts. */
export const imageFeatureRoutes: FastifyPluginAsync = async (app) => {
  const services = imageServices(app);
  app.addHook('onClose', () => services.close());
  await app.register(directUploadRoutes);
  await app.register(imageRoutes);
  await app.register(faceRoutes);
};
