import type { FastifyRequest } from 'fastify';

/**
 * What a request log line says about the request. Fastify's default writes the full URL, and many of our URLs are
 * secrets: render tokens (`/render/<album>?token=`), preview, sticker-link and invitation tokens in the path, AI-edit
 * stream tokens and signed file URLs (`sig=`) in the query. Whoever reads the log must not get the album with it, so
 * a line names the route pattern and the path without its query and with every token segment replaced by `:token`.
 */
export function requestLogFields(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    route: request.routeOptions?.url,
    path: loggablePath(request.url, request.routeOptions?.url),
    remoteAddress: request.ip,
  };
}

/** Route parameters that carry a secret: every `:token` of the API. */
const SECRET_PARAMS = new Set([':token']);

/**
 * Pages of the SPA with a token in their path (web/src/app/routeTable.ts); the server answers them through the
 * SPA's catch-all route `/*` or the not-found handler, neither of which says where the token is.
 */
const SPA_TOKEN_PATTERNS = ['/s/:token', '/album/:albumId/preview/:token', '/invitations/:token/*'];

/** A JWT-shaped segment (three base64url parts) is a secret wherever it turns up. */
const JWT_SEGMENT = /^[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}$/;

export function loggablePath(url: string, routePattern?: string): string {
  const path = url.split('?')[0];
  const segments = path.split('/');
  const pattern =
    routePattern && routePattern !== '/*'
      ? routePattern
      : SPA_TOKEN_PATTERNS.find((candidate) => matches(candidate, segments));
  const patternSegments = pattern?.split('/') ?? [];
  return segments
    .map((segment, index) =>
      SECRET_PARAMS.has(patternSegments[index] ?? '') || JWT_SEGMENT.test(segment) ? ':token' : segment,
    )
    .join('/');
}

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/');
  const open = parts.at(-1) === '*';
  if (open ? segments.length < parts.length : segments.length !== parts.length) return false;
  return parts.every((part, i) => part === '*' || part.startsWith(':') || part === segments[i]);
}
