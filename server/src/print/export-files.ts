import { Readable } from 'node:stream';
import type { BlobStorage } from '../storage/index.ts';

const SAFE_STEM = /[^A-Za-z0-9_-]+/g;

/**
 * Finished exports in the shared file storage (server/src/storage: DATA_DIR/blobs locally, the S3 bucket in
 * production) under `exports/<render job id>/<file name>`. The file name is the last part of the key, so a
 * download through the signed URL, local or S3, is saved under it. Links are signed read URLs like the images'
 * (`storage.readUrl`); only admins get them, through the jobs list.
 */
export class ExportFiles {
  constructor(readonly storage: BlobStorage) {}

  /** `exports/<id>/<stem>.<ext>`, with anything outside [A-Za-z0-9_-] in the stem replaced. */
  keyFor(renderJobId: string, stem: string, ext: string): string {
    if (!/^[0-9a-f-]{36}$/.test(renderJobId) || !/^[a-z]{2,4}$/.test(ext))
      throw new Error('Unsafe export file name');
    const safe =
      stem
        .replace(SAFE_STEM, '_')
        .replace(/^_+|_+$/g, '')
        .slice(0, 120) || 'export';
    return `exports/${renderJobId}/${safe}.${ext}`;
  }

  /** The file's name as the browser saves it (the last part of the key). */
  nameOf(key: string): string {
    return key.slice(key.lastIndexOf('/') + 1);
  }

  /** Stores the file from its parts in order (a PDF's, pdf-boxes.ts), without joining them first. */
  async write(key: string, parts: readonly Uint8Array[], contentType: string): Promise<number> {
    if (parts.length === 1) {
      const [data] = parts;
      await this.storage.put(key, Buffer.from(data.buffer, data.byteOffset, data.byteLength), contentType);
      return data.byteLength;
    }
    const { byteSize } = await this.storage.putStream(key, Readable.from(parts), contentType);
    return byteSize;
  }

  url(key: string, contentType: string): Promise<string> {
    return this.storage.readUrl(key, contentType);
  }

  async delete(key: string): Promise<void> {
    await this.storage.delete([key]);
  }
}
