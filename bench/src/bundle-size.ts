/**
 * What a screen really loads before its first render, JS + CSS gzipped, from Vite's build manifest: the entry
 * (index.html's script with its static imports and CSS), the route's lazy screen chunk with its static imports and
 * CSS (screens are preloaded before the first render, app/screens.tsx), and the language catalogue i18n loads
 * for the visitor (en by default, web/src/i18n). Dynamic imports a screen makes later are not counted.
 *
 * The product's build writes no manifest, so the bench builds the web app once more with `--manifest` into a
 * folder of its own. The build merges chunks under 20 kB into others (web/vite.config.ts), so a screen's module
 * need not have a chunk of its own: the SSR manifest, which lists the chunk each source module landed in, names it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const repoRoot = new URL('../..', import.meta.url).pathname;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export interface BundleSize {
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipKb: number;
}

/** Builds web/ with a manifest into a temporary folder; call `dispose` when done. */
export function buildWithManifest(): { dir: string; manifest: Manifest; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'stickerbook-bench-web-'));
  execFileSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'build',
      '--manifest',
      '--ssrManifest',
      '--outDir',
      dir,
      '--emptyOutDir',
    ],
    { cwd: join(repoRoot, 'web'), stdio: 'ignore' },
  );
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const modules = JSON.parse(readFileSync(join(dir, '.vite/ssr-manifest.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  // A module merged into another chunk answers for that chunk under its own name.
  const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  for (const [module, files] of Object.entries(modules)) {
    if (manifest[module]) continue;
    const key = files.map((file) => keyOfFile.get(file.replace(/^\//, ''))).find(Boolean);
    if (key) manifest[module] = manifest[key];
  }
  return { dir, manifest, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every file the chunks named load before they run: themselves, their static imports (deep) and their CSS. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`not in the build manifest: ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return files;
}

/** The screen's load: entry + `screenModule` (e.g. src/features/start/StartPage.tsx) + the catalogue. */
export function screenLoadSize(
  dir: string,
  manifest: Manifest,
  screenModule: string,
  language = 'en',
): BundleSize {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('no entry in the build manifest');
  const files = [...staticClosure(manifest, [entry, screenModule, `src/i18n/locales/${language}.ts`])].map(
    (file) => ({ file, gzipBytes: gzipSync(readFileSync(join(dir, file))).length }),
  );
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return { files, totalGzipKb: Math.round((total / 1024) * 10) / 10 };
}

/** Only what index.html references (entry script, module preloads, stylesheets): the figure reported before. */
export function indexHtmlSize(distDir: string): BundleSize {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const files = [...new Set(refs)].map((ref) => ({
    file: ref,
    gzipBytes: gzipSync(readFileSync(join(distDir, ref))).length,
  }));
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return { files, totalGzipKb: Math.round((total / 1024) * 10) / 10 };
}
