import type { ApiErrorCode } from '@stickerbook/api';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/**
 * An error the API means to return: status, a code from the one list (packages/api errors.ts) that the web maps
 * to translated text, a message for developers, optional details. Anything else that is thrown becomes 500
 * INTERNAL_ERROR without its stack.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (code: ApiErrorCode, message: string) => new AppError(403, code, message);

export { errorEnvelopeSchema } from '@stickerbook/api';

interface FieldProblem {
  field: string;
  code: string;
  message: string;
}

/** Fastify's own error codes that are the client's fault, with the code we expose instead. */
const FASTIFY_CODES: Record<string, ApiErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
};

const STATUS_CODES: Record<number, ApiErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

function fieldProblems(error: {
  validation: Array<{
    instancePath: string;
    keyword: string;
    message?: string;
    params: Record<string, unknown>;
  }>;
}): FieldProblem[] {
  return error.validation.flatMap((issue) => {
    const base = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    // Zod reports unknown keys once for the object; the web wants them per field.
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      return (issue.params.keys as string[]).map((key) => ({
        field: base ? `${base}.${key}` : key,
        code: 'unrecognized_key',
        message: `Unknown field '${key}'`,
      }));
    }
    return [{ field: base, code: issue.keyword, message: issue.message ?? 'Invalid value' }];
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.details === undefined ? {} : { details: error.details }),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({
        error: {
          code: 'VALIDATION_FAILED',
          message: 'The request is not valid',
          details: { location: error.validationContext ?? 'body', fields: fieldProblems(error) },
        },
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = FASTIFY_CODES[error.code] ?? STATUS_CODES[status] ?? 'BAD_REQUEST';
      return reply.status(status).send({ error: { code, message: error.message } });
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side' } });
  });
}
