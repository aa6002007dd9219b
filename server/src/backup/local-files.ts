import { open, readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';

/**
 * The files of local storage (DATA_DIR/blobs) as the backup sees them. Keys are random and storage writes a
 * temporary file and renames it, so a file appears complete or not at all and almost never changes under its key;
 * files appear and disappear beside a running server, and backup.ts orders its passes for that.
 */
export interface StoredFile {
  key: string;
  byteSize: number;
  mtimeMs: number;
}

export const localFilesRoot = (dataDir: string) => join(dataDir, 'blobs');

/** Every complete file under the root; uploads still being written (`*.part`) are not files yet. */
export async function listLocalFiles(root: string): Promise<StoredFile[]> {
  let names: string[];
  try {
    names = (await readdir(root, { recursive: true })) as string[];
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files: StoredFile[] = [];
  for (const name of names.sort()) {
    if (name.endsWith('.part')) continue;
    const info = await stat(join(root, name)).catch(() => undefined);
    if (!info?.isFile()) continue;
    files.push({
      key: relative(root, join(root, name)).split(sep).join('/'),
      byteSize: info.size,
      mtimeMs: info.mtimeMs,
    });
  }
  return files;
}

/** A stream of the file, or undefined when it was deleted since it was listed. */
export async function openStoredFile(root: string, key: string): Promise<Readable | undefined> {
  try {
    const handle = await open(join(root, key), 'r');
    return handle.createReadStream();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
