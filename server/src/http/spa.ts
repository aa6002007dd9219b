import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const MISSING_BUILD_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Stickerbook</title>
<body style="font-family:sans-serif;margin:3rem"><h1>Stickerbook</h1>
<p>The web app has not been built yet. Run <code>npm run build</code> in the repository, then reload.</p>
<p>The API is running: <a href="/api/docs">/api/docs</a>.</p></body></html>`;

/**
 * Serves the built SPA from WEB_DIST. Any GET outside /api that is not a file gets index.html, so the web's
 * router handles deep links (history fallback). Returns the handler the app's not-found handler delegates to.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDist: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => FastifyReply> {
  const hasBuild = existsSync(join(webDist, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      index: false,
      // One route per file of the build, made at startup, instead of one wildcard route: the wildcard checks each
      // request's spelling against the folder's listing (two directory reads per asset), which made the server's
      // share of a cold editor open's ~70 files 163 ms instead of 79-96 (bench/RESULTS.md, `-- transfer`). A file
      // the build writes after the server started is served after a restart; any other path gets the app page.
      wildcard: false,
      // The build writes .br and .gz beside each text file (web/vite-precompress.ts); sent as the client accepts.
      preCompressed: true,
      // Vite fingerprints everything under assets/, so those may be cached forever; index.html never.
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const sendApp = (_request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    if (!hasBuild) return reply.type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  };
  // The static plugin answers a directory (such as `/`) with 403 when `index` is off, so the root gets the app
  // explicitly.
  if (hasBuild) app.get('/', sendApp);
  return sendApp;
}
