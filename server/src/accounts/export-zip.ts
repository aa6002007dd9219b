import { PassThrough, pipeline, type Readable } from 'node:stream';
import yazl from 'yazl';
import type { BlobStorage } from '../storage/index.ts';

/**
 * A zip of named entries written straight into storage, as the print artifact's is (print-partner/
 * order-artifact.ts), but with folders in the names and no manifest: the account export's entries are JSON the
 * job made and files already in storage. Stored files are opened one at a time, when the zip gets to them, so a
 * thousand photos never hold a thousand open streams. Any failure ends the upload with the error, and storage
 * keeps nothing under the key.
 */
export type ZipEntry = { name: string; data: Buffer } | { name: string; open: () => Promise<Readable> };

const ALREADY_COMPRESSED = /\.(pdf|jpe?g|png|webp|gif|avif|zip)$/i;

export async function writeZipToStorage(
  storage: BlobStorage,
  key: string,
  entries: readonly ZipEntry[],
  onEntry?: (done: number, total: number) => void,
): Promise<{ byteSize: number }> {
  const zip = new yazl.ZipFile();
  const output = new PassThrough();
  const fail = (error: Error) => output.destroy(error);
  zip.on('error', fail);
  pipeline(zip.outputStream, output, (error) => error && fail(error));
  const stored = storage.putStream(key, output, 'application/zip');
  const mtime = new Date();
  let done = 0;
  for (const entry of entries) {
    const options = { mtime, compress: !ALREADY_COMPRESSED.test(entry.name) };
    if ('data' in entry) {
      zip.addBuffer(entry.data, entry.name, options);
      continue;
    }
    zip.addReadStreamLazy(entry.name, options, (cb) => {
      entry.open().then(
        (stream) => {
          stream.on('end', () => onEntry?.(++done, entries.length));
          cb(null, stream);
        },
        (error: Error) => fail(error),
      );
    });
  }
  zip.end();
  return stored;
}

export const jsonEntry = (name: string, value: unknown): ZipEntry => ({
  name,
  data: Buffer.from(JSON.stringify(value, null, 2), 'utf8'),
});
