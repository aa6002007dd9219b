/**
 * Builds the tldraw benchmark page (bench/tldraw/page.ts, bundled by esbuild from node_modules: no network)
 * and serves it with the scene and every asset tldraw asks for, from a loopback HTTP server.
 */
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import sharp from 'sharp';
import type { AlbumDocument } from '@stickerbook/model';
import { tldrawScene } from './scene.ts';

export interface TldrawPageServer {
  baseUrl: string;
  /** Number of shapes in the scene. */
  shapes: number;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

async function bundle(): Promise<{ js: Uint8Array; css: Uint8Array }> {
  const result = await build({
    entryPoints: [new URL('./page.ts', import.meta.url).pathname],
    bundle: true,
    write: false,
    outdir: '/page',
    format: 'esm',
    target: 'chrome120',
    minify: true,
    // tldraw's production paths, as an application would ship them.
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const js = result.outputFiles.find((file) => file.path.endsWith('.js'));
  const css = result.outputFiles.find((file) => file.path.endsWith('.css'));
  if (!js || !css) throw new Error('tldraw page: bundle incomplete');
  return { js: js.contents, css: css.contents };
}

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>tldraw bench</title>
<link rel="stylesheet" href="/page.css"><style>html,body{margin:0;height:100%;overflow:hidden}</style></head>
<body><div id="root"></div><script type="module" src="/page.js"></script></body></html>`;

export async function serveTldrawPage(doc: AlbumDocument): Promise<TldrawPageServer> {
  const scene = tldrawScene(doc);
  const { js, css } = await bundle();
  const photo = await sharp({
    create: { width: 600, height: 400, channels: 3, background: { r: 70, g: 130, b: 180 } },
  })
    .png()
    .toBuffer();
  const blank = await sharp({
    create: { width: 1, height: 1, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .png()
    .toBuffer();
  const font = readFileSync(
    join(dirname(require.resolve('@fontsource/inter')), 'files', 'inter-latin-400-normal.woff2'),
  );
  const files: Record<string, [string, Uint8Array | string]> = {
    '/': ['text/html', HTML],
    '/page.js': ['text/javascript', js],
    '/page.css': ['text/css', css],
    '/scene.json': ['application/json', JSON.stringify(scene)],
    '/photo.png': ['image/png', photo],
    '/blank.png': ['image/png', blank],
    '/font.woff2': ['font/woff2', font],
    '/icons.svg': ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    '/en.json': ['application/json', '{}'],
  };
  const server: Server = createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://localhost').pathname];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': file[0], 'cache-control': 'max-age=3600' }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    shapes: scene.length,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
