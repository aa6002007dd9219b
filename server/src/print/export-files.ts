import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where finished exports are kept: `DATA_DIR/exports/<render job id>.<ext>`. Files are served only through
 * GET /render_jobs/:id/file with a file token (routes/render-jobs.ts), never as a static folder.
 * TODO(images issue 5): move to the shared storage interface (server/src/storage) so exports land on S3 too.
 */
export class ExportFiles {
  constructor(readonly dir: string) {}

  static forDataDir(dataDir: string): ExportFiles {
    return new ExportFiles(join(dataDir, 'exports'));
  }

  keyFor(renderJobId: string, ext: string): string {
    if (!/^[0-9a-f-]{36}$/.test(renderJobId) || !/^[a-z]{2,4}$/.test(ext))
      throw new Error('Unsafe export file name');
    return `${renderJobId}.${ext}`;
  }

  async write(key: string, data: Uint8Array): Promise<number> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.path(key), data);
    return data.length;
  }

  /** A stream of the file, or undefined when it is gone. */
  async open(key: string): Promise<{ stream: ReadStream; size: number } | undefined> {
    try {
      const info = await stat(this.path(key));
      return { stream: createReadStream(this.path(key)), size: info.size };
    } catch {
      return undefined;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  path(key: string): string {
    if (!/^[0-9a-f-]{36}\.[a-z]{2,4}$/.test(key)) throw new Error('Unsafe export file key');
    return join(this.dir, key);
  }
}
