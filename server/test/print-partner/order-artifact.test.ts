import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { buildOrderArtifact, type ArtifactProgress } from '../../src/print-partner/order-artifact.ts';
import { LocalStorage, UrlSigner } from '../../src/storage/index.ts';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every entry of a zip, read with yauzl (the reading side of the zip format, independent of our writer). */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const zipFile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zipFile.on('entry', (entry: yauzl.Entry) => {
      zipFile.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        zipFile.readEntry();
      });
    });
    zipFile.on('end', resolve);
    zipFile.on('error', reject);
    zipFile.readEntry();
  });
  return entries;
}

describe('buildOrderArtifact', () => {
  let dir: string;
  let storage: LocalStorage;
  const inside = randomBytes(300_000);
  const cover = Buffer.concat([Buffer.from('%PDF-1.6\n'), randomBytes(40_000)]);
  const stickers = Buffer.from('%PDF-1.7\n' + 'sticker '.repeat(20_000));
  const order = {
    order: { id: 'ord_1', number: 'SB-4711' },
    lines: [{ product: 'album_softcover', quantity: 50 }],
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'artifact-test-'));
    storage = new LocalStorage(
      join(dir, 'blobs'),
      new UrlSigner('artifact-test-secret-long-enough-for-signing'),
    );
    await writeFile(join(dir, 'inside.pdf'), inside);
    await writeFile(join(dir, 'cover.pdf'), cover);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('zips the print files, the order JSON and a manifest whose checksums match every file', async () => {
    const progress: ArtifactProgress[] = [];
    const built = await buildOrderArtifact(
      [
        { name: 'album_softcover_inside.pdf', path: join(dir, 'inside.pdf') },
        { name: 'album_softcover.pdf', path: join(dir, 'cover.pdf') },
        {
          name: 'stickers.pdf',
          stream: () => Readable.from([stickers.subarray(0, 1000), stickers.subarray(1000)]),
        },
      ],
      order,
      { storage, key: 'artifacts/ord_1/artifact.zip' },
      (event) => progress.push(event),
    );

    const zip = await storage.read('artifacts/ord_1/artifact.zip');
    expect(built.byteSize).toBe(zip.length);
    expect(built.sha256).toBe(sha256(zip));

    const entries = await unzip(zip);
    expect([...entries.keys()]).toEqual([
      'album_softcover_inside.pdf',
      'album_softcover.pdf',
      'stickers.pdf',
      'order.json',
      'manifest.json',
    ]);
    expect(entries.get('album_softcover_inside.pdf')!.equals(inside)).toBe(true);
    expect(entries.get('stickers.pdf')!.equals(stickers)).toBe(true);
    expect(JSON.parse(entries.get('order.json')!.toString('utf8'))).toEqual(order);

    const manifest = JSON.parse(entries.get('manifest.json')!.toString('utf8'));
    expect(manifest).toEqual(built.manifest);
    expect(manifest.files.map((file: { name: string }) => file.name)).toEqual([
      'album_softcover_inside.pdf',
      'album_softcover.pdf',
      'stickers.pdf',
      'order.json',
    ]);
    for (const file of manifest.files) {
      const content = entries.get(file.name)!;
      expect(file.sha256).toBe(sha256(content));
      expect(file.size).toBe(content.length);
    }

    expect(progress.at(-1)).toMatchObject({ file: 'manifest.json', filesDone: 4, filesTotal: 5 });
    expect(progress.map((event) => event.filesDone)).toEqual([...progress.map((e) => e.filesDone)].sort());
  });

  it('leaves nothing in storage when a print file cannot be read', async () => {
    await expect(
      buildOrderArtifact([{ name: 'missing.pdf', path: join(dir, 'no-such-file.pdf') }], order, {
        storage,
        key: 'artifacts/ord_2/artifact.zip',
      }),
    ).rejects.toThrow(/ENOENT/);
    expect(await storage.stat('artifacts/ord_2/artifact.zip')).toBeUndefined();
    expect(await readdir(join(dir, 'blobs', 'artifacts', 'ord_2')).catch(() => [])).toEqual([]);
  });

  it('fails cleanly when a stream breaks half-way', async () => {
    const broken = () =>
      new Readable({
        read() {
          this.push(randomBytes(10_000));
          this.destroy(new Error('disk went away'));
        },
      });
    await expect(
      buildOrderArtifact([{ name: 'stickers.pdf', stream: broken }], order, {
        storage,
        key: 'artifacts/ord_3/artifact.zip',
      }),
    ).rejects.toThrow(/disk went away/);
    expect(await storage.stat('artifacts/ord_3/artifact.zip')).toBeUndefined();
  });

  it('refuses file names that could escape the folder or collide with its own files', async () => {
    const target = { storage, key: 'artifacts/ord_4/artifact.zip' };
    for (const name of ['../etc/passwd', 'a/b.pdf', 'manifest.json', 'order.json', '']) {
      await expect(
        buildOrderArtifact([{ name, path: join(dir, 'inside.pdf') }], order, target),
      ).rejects.toMatchObject({
        code: 'ARTIFACT_FILE_NAME_INVALID',
      });
    }
    await expect(
      buildOrderArtifact(
        [
          { name: 'same.pdf', path: join(dir, 'inside.pdf') },
          { name: 'same.pdf', path: join(dir, 'cover.pdf') },
        ],
        order,
        target,
      ),
    ).rejects.toMatchObject({ code: 'ARTIFACT_FILE_NAME_INVALID' });
    expect(await storage.stat(target.key)).toBeUndefined();
  });
});
