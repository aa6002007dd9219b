/**
 * Start page JS + CSS, gzipped: everything index.html loads up front (entry script, module preloads,
 * stylesheets). Lazy chunks (the editor) are not counted because the start page never fetches them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface BundleSize {
  files: Array<{ file: string; gzipBytes: number }>;
  totalGzipKb: number;
}

export function startPageBundleSize(distDir: string): BundleSize {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const files = [...new Set(refs)].map((ref) => ({
    file: ref,
    gzipBytes: gzipSync(readFileSync(join(distDir, ref))).length,
  }));
  const total = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  return { files, totalGzipKb: Math.round((total / 1024) * 10) / 10 };
}
