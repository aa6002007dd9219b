import { IMAGE_UPLOAD_MAX_BYTES, STICKER_IMAGE_TYPES, sniffImageType } from '@stickerbook/model';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePrincipal } from '../auth/authenticate.ts';
import { AppError, errorEnvelopeSchema } from '../http/errors.ts';
import { detectLargestFace } from './faces.ts';
import { uploadRejected } from './inspect.ts';
import { errorResponses, faceCheckSchema } from '@stickerbook/api';

/** Base64 of a 16 MB file, plus the JSON around it. */
const FACE_BODY_LIMIT_BYTES = Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + 1024;

/**
 * SPEC §7 POST /images/face_detection: the largest face of a photo as fractions of the image, or `face: null`
 * (the web shows 'no face found'). The client sends its downscaled preview (800 px), so this is normally small.
 */
export const faceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/images/face_detection',
    {
      bodyLimit: FACE_BODY_LIMIT_BYTES,
      schema: {
        tags: ['images'],
        body: z.strictObject({
          // A data URL prefix is accepted too: it is what FileReader and canvas.toDataURL give the web.
          base64_image: z.string().min(1).max(FACE_BODY_LIMIT_BYTES),
        }),
        response: {
          200: faceCheckSchema,
          422: errorEnvelopeSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      requirePrincipal(request);
      const base64 = request.body.base64_image.replace(/^data:[\w/+.-]+;base64,/, '');
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
        throw new AppError(400, 'VALIDATION_FAILED', 'base64_image is not base64');
      }
      const image = Buffer.from(base64, 'base64');
      const type = sniffImageType(image);
      if (!type || !(STICKER_IMAGE_TYPES as readonly string[]).includes(type)) {
        throw uploadRejected(['IMAGE_TYPE_NOT_ALLOWED']);
      }
      try {
        return { face: await detectLargestFace(image) };
      } catch (error) {
        // sharp refuses bombs (limitInputPixels) and broken files before the detector sees them.
        if (/pixel limit|Input buffer|corrupt|unsupported image format/i.test((error as Error).message)) {
          throw uploadRejected(['IMAGE_UNREADABLE']);
        }
        throw error;
      }
    },
  );
};
