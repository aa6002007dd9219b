import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Responses smaller than this go out as they are: the encoding would cost more than the bytes saved. */
const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * What is worth compressing on the fly: JSON, text (not event streams, which must reach the browser event by
 * event), scripts and XML/SVG. Not `application/octet-stream`, the compress plugin's default: stored files are
 * images and PDFs, already compressed.
 */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/]json(?:;|$)|javascript|[+/]xml(?:;|$)/u;

export type ContentEncoding = 'br' | 'gzip';

/**
 * Compresses API responses above 1 KB with brotli (quality 4: fast enough per request) or gzip, whichever the
 * client prefers. The SPA's files are compressed at build time (web/vite-precompress.ts) and served as they
 * are by the static plugin (`preCompressed`); responses that already carry a Content-Encoding are left alone,
 * so must be registered before the routes it should cover (it hooks onRoute).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });
}

/** The encoding to answer an Accept-Encoding header with: brotli before gzip, nothing when neither is accepted. */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (!refused) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** One body compressed as the route would on the fly; for bodies a route caches and sends many times. */
export function compressBody(body: Buffer, encoding: ContentEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}
