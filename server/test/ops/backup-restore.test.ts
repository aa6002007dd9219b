/**
 * Backup and restore (issue 24): real data through the API (albums with images, a sticker-link upload, an order
 * with its issued invoice), `npm run backup`'s command run as its own process while an editor keeps saving, the
 * archive restored by `npm run restore`'s command into a fresh DATA_DIR or database, and a server on the restored
 * data that has everything: the invoice PDF byte for byte, the album exactly as it was at a version the editor
 * had acknowledged (never between two), every image.
 */
import type { FastifyInstance } from 'fastify';
import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { serveBackupSocket } from '../../src/backup/backup-socket.ts';
import { openArchive } from '../../src/backup/archive.ts';
import { listLocalFiles, localFilesRoot } from '../../src/backup/local-files.ts';
import type { Config } from '../../src/config/index.ts';
import { openDatabase } from '../../src/db/database.ts';
import { startJobQueue } from '../../src/workers.ts';
import { runSeeds } from '../../src/seeds/index.ts';
import { adminAndOutsiders } from '../helpers/admin-session.ts';
import { pgliteTemplate } from '../helpers/pglite-template.ts';
import { albumWithLink, submitToLink, uploadLinkPhoto } from '../helpers/sticker-link.ts';
import {
  bearer,
  createAlbum,
  createPostgresDatabase,
  DATABASE_KINDS,
  FIXTURE_SEEDS_DIR,
  signUp,
  testConfig,
  type TestApp,
} from '../helpers/test-app.ts';
import { photo, portrait, uploadImage, waitForVariants } from '../fixtures/images/upload-client.ts';
import { caller, cleanAlbum, idempotencyKey, orderForm } from '../orders/helpers.ts';

const REPOSITORY_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CLI = join(REPOSITORY_ROOT, 'server', 'src', 'backup', 'cli.ts');
const JWT_SECRET = 'backup-test-secret-that-is-long-enough-for-hs256';

interface Workspace {
  nodes: Record<string, { type: string; parentId: string }>;
  [field: string]: unknown;
}

/** The command as an operator runs it, with the server's settings in the environment. */
function runCommand(
  args: string[],
  env: { DATA_DIR: string; DATABASE_URL?: string } & Record<string, string | undefined>,
) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      cwd: REPOSITORY_ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        JWT_SECRET,
        LOG_LEVEL: 'silent',
        ...Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined)),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A server as main.ts runs it, on a DATA_DIR (and a PostgreSQL database when given): app, workers, socket. */
async function startServer(
  dataDir: string,
  databaseUrl: string | undefined,
  template?: Blob,
  s3?: Config['s3'],
) {
  const config = testConfig({ dataDir, inMemoryDatabase: false, databaseUrl, jwtSecret: JWT_SECRET, s3 });
  const database = await openDatabase({ databaseUrl, dataDir, pgliteTemplate: template });
  await database.migrate();
  await runSeeds(database.db, config, [FIXTURE_SEEDS_DIR]);
  const app = await buildApp(config, { database });
  await app.ready();
  const jobs = await startJobQueue(database, { work: true, config });
  const socket = database.driver === 'pglite' ? await serveBackupSocket(database, dataDir) : undefined;
  return {
    app,
    database,
    config,
    async close() {
      await socket?.close();
      await jobs.stop();
      await app.close();
    },
  } satisfies Pick<TestApp, 'app' | 'database' | 'config'> & { close(): Promise<void> };
}

async function albumOf(app: FastifyInstance, token: string, albumId: string) {
  const response = await app.inject({ url: `/api/v1/albums/${albumId}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { version: number; workspace: Workspace };
}

async function imageFiles(app: FastifyInstance, token: string, imageId: string) {
  const response = await app.inject({ url: `/api/v1/images/${imageId}`, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  const image = response.json() as { state: string; blob: Record<string, string> };
  const files: Record<string, Buffer> = {};
  for (const name of ['original', 'small', 'medium', 'large', 'full']) {
    const file = await app.inject({ url: image.blob[name]! });
    expect(file.statusCode, `${name} of image ${imageId}`).toBe(200);
    files[name] = file.rawPayload;
  }
  return { state: image.state, files };
}

describe.each(DATABASE_KINDS)('backup and restore on %s', (kind) => {
  const scratch = mkdtempSync(join(tmpdir(), 'sb-backup-'));
  const sourceDir = join(scratch, 'source');
  const restoredDir = join(scratch, 'restored');
  const archivePath = join(scratch, 'backup.zip');
  const databases: Array<{ url: string; drop(): Promise<void> }> = [];
  let sourceUrl: string | undefined;
  let restoredUrl: string | undefined;
  let source: Awaited<ReturnType<typeof startServer>>;

  // What the source held when the backup was taken, to compare the restored server against.
  let ownerToken: string;
  let adminToken: string;
  let albumId: string;
  let imageIds: string[];
  let linkAlbumId: string;
  let orderId: string;
  let invoicePdf: Buffer;
  let sourceImages: Record<string, Record<string, Buffer>>;
  let versionBeforeBackup: number;
  let versionAfterBackup: number;
  let acknowledgedDuringBackup: number;
  let finalWorkspace: Workspace;
  let editedNodeAt: Map<number, string[]>;
  let backupOutput: string;
  let restoreUnderRunningServer: string;

  beforeAll(async () => {
    if (kind === 'postgres') {
      const [from, to] = await Promise.all([
        createPostgresDatabase(process.env.DATABASE_URL!, 'backup_test'),
        createPostgresDatabase(process.env.DATABASE_URL!, 'backup_test'),
      ]);
      databases.push(from!, to!);
      sourceUrl = from!.url;
      restoredUrl = to!.url;
    }
    source = await startServer(sourceDir, sourceUrl, kind === 'pglite' ? await pgliteTemplate() : undefined);
    const { app } = source;
    const call = caller(app);
    const owner = await signUp(app);
    ownerToken = owner.access_token;
    ({ adminToken } = await adminAndOutsiders(source as unknown as TestApp));

    // An album with two photos, their variants made by the workers.
    const album = await createAlbum(app, ownerToken);
    albumId = album.id;
    imageIds = [];
    for (const size of [
      [1600, 1200],
      [900, 1200],
    ] as const) {
      const uploaded = await uploadImage(app, ownerToken, albumId, await photo(size[0], size[1]));
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const done = await waitForVariants(app, ownerToken, uploaded.json().id, 60_000);
      expect(done.state).toBe('finished');
      imageIds.push(done.id);
    }

    // A contributor's photo through the album's sticker link.
    const link = await albumWithLink(app, ownerToken);
    linkAlbumId = link.album.id;
    const { blobId } = await uploadLinkPhoto(app, link.linkToken, (await portrait()).jpeg);
    const submitted = await submitToLink(app, link.linkToken, {
      name: 'Anna',
      last_name: 'Berg',
      section_id: link.sectionId,
      blob_id: blobId,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);

    // An order and its invoice, issued by the back office.
    const customer = await signUp(app);
    const orderAlbum = await cleanAlbum(app, customer.access_token);
    const placed = await call('POST', '/orders', {
      token: customer.access_token,
      payload: orderForm(orderAlbum.id),
      headers: idempotencyKey(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    orderId = placed.json().order.id;
    const issued = await call('POST', `/orders/${orderId}/invoice`, { token: adminToken });
    expect(issued.statusCode, issued.body).toBe(201);
    const pdf = await call('GET', `/orders/${orderId}/invoice.pdf`, { token: adminToken });
    expect(pdf.statusCode).toBe(200);
    invoicePdf = pdf.rawPayload;

    const linkUploads = await app.inject({
      url: `/api/v1/albums/${linkAlbumId}/sticker_uploads`,
      headers: bearer(ownerToken),
    });
    const linkImageIds = (linkUploads.json().sticker_uploads as Array<{ image: { id: string } }>).map(
      (upload) => upload.image.id,
    );
    expect(linkImageIds).toHaveLength(1);
    for (const id of linkImageIds) await waitForVariants(app, ownerToken, id, 60_000);
    imageIds.push(...linkImageIds);
    sourceImages = {};
    for (const id of imageIds) sourceImages[id] = (await imageFiles(app, ownerToken, id)).files;

    // An editor saves a new sticker cell after another, before, during and after the backup.
    const start = await albumOf(app, ownerToken, albumId);
    const spreadId = Object.values(start.workspace.nodes).find(
      (node) => node.type === 'StickerCell',
    )!.parentId;
    const added: string[] = [];
    editedNodeAt = new Map([[start.version, []]]);
    let acknowledged = start.version;
    let backupRunning = false;
    let backupDone = false;
    acknowledgedDuringBackup = 0;
    const editing = (async () => {
      for (let n = 0; !backupDone || n < 3; n++) {
        const id = `backupEdit${String(n).padStart(6, '0')}`;
        const saved = await app.inject({
          method: 'POST',
          url: `/api/v1/albums/${albumId}/mutations`,
          headers: bearer(ownerToken),
          payload: {
            patches: [
              {
                op: 'add',
                path: `/nodes/${id}`,
                value: {
                  id,
                  type: 'StickerCell',
                  parentId: spreadId,
                  index: `a${n}z`,
                  props: { x: 20 + (n % 8) * 52, y: 20 + Math.floor(n / 8) * 10, width: 50, height: 70 },
                },
              },
            ],
            version: acknowledged,
            clientId: 'backup-test-editor',
            mutationId: randomUUID(),
          },
        });
        expect(saved.statusCode, saved.body).toBe(200);
        acknowledged = saved.json().version;
        added.push(id);
        editedNodeAt.set(acknowledged, [...added]);
        if (backupRunning) acknowledgedDuringBackup += 1;
      }
    })();
    while (added.length < 3) await new Promise((resolve) => setTimeout(resolve, 20));

    versionBeforeBackup = acknowledged;
    backupRunning = true;
    const backup = await runCommand(['backup', archivePath], {
      DATA_DIR: sourceDir,
      DATABASE_URL: sourceUrl,
    });
    backupRunning = false;
    versionAfterBackup = acknowledged;
    backupDone = true;
    await editing;
    backupOutput = backup.stdout + backup.stderr;
    expect(backup.code, backupOutput).toBe(0);
    finalWorkspace = (await albumOf(app, ownerToken, albumId)).workspace;
    if (kind === 'pglite') {
      // Restoring under a running server would pull its database away from under it.
      const refused = await runCommand(['restore', archivePath, '--force'], { DATA_DIR: sourceDir });
      restoreUnderRunningServer = refused.stderr;
    }
    await source.close();
    // Uploads, variants, an invoice and two commands: minutes when other work shares the machine's two cores.
  }, 600_000);

  afterAll(async () => {
    for (const database of databases) await database.drop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('writes one archive with the database, every stored file and a manifest of them', async () => {
    expect(backupOutput).toContain(`Backup written to ${archivePath}`);
    const archive = await openArchive(archivePath);
    try {
      const { manifest } = archive;
      expect(manifest.database.kind).toBe(kind);
      expect(manifest.database.row_counts['public.orders']).toBe(1);
      expect(manifest.database.row_counts['public.invoices']).toBe(1);
      expect(manifest.database.row_counts['public.sticker_uploads']).toBe(1);
      expect(manifest.files.storage).toBe('local');
      // Every file the source stored (the photos, their variants, the invoice PDF), with its checksum.
      const stored = await listLocalFiles(localFilesRoot(sourceDir));
      expect(stored.length).toBeGreaterThan(3);
      expect(manifest.files.count).toBe(stored.length);
      for (const file of stored) {
        const sha256 = createHash('sha256')
          .update(readFileSync(join(localFilesRoot(sourceDir), file.key)))
          .digest('hex');
        expect(manifest.entries[`files/${file.key}`]?.sha256, file.key).toBe(sha256);
      }
    } finally {
      archive.close();
    }
  });

  it('restores into an empty place, and a server there has everything the backup held', async () => {
    const restored = await runCommand(['restore', archivePath], {
      DATA_DIR: restoredDir,
      DATABASE_URL: restoredUrl,
    });
    expect(restored.code, restored.stdout + restored.stderr).toBe(0);
    expect(restored.stdout).toContain('as in the backup');

    const server = await startServer(restoredDir, restoredUrl);
    try {
      const { app } = server;
      // The edits saved during the backup: the album is exactly one acknowledged version, not a mix of two.
      expect(acknowledgedDuringBackup).toBeGreaterThan(0);
      const album = await albumOf(app, ownerToken, albumId);
      expect(album.version).toBeGreaterThanOrEqual(versionBeforeBackup);
      expect(album.version).toBeLessThanOrEqual(versionAfterBackup);
      const edits = editedNodeAt.get(album.version)!;
      const expectedNodes = Object.fromEntries(
        Object.entries(finalWorkspace.nodes).filter(
          ([id]) => !id.startsWith('backupEdit') || edits.includes(id),
        ),
      );
      expect(album.workspace).toEqual({ ...finalWorkspace, nodes: expectedNodes });

      const pdf = await caller(app)('GET', `/orders/${orderId}/invoice.pdf`, { token: adminToken });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.equals(invoicePdf)).toBe(true);

      for (const id of imageIds) {
        const { state, files } = await imageFiles(app, ownerToken, id);
        expect(state).toBe('finished');
        for (const [name, bytes] of Object.entries(files)) {
          expect(bytes.equals(sourceImages[id]![name]!), `${name} of image ${id}`).toBe(true);
        }
      }
      const uploads = await app.inject({
        url: `/api/v1/albums/${linkAlbumId}/sticker_uploads`,
        headers: bearer(ownerToken),
      });
      expect(uploads.json().sticker_uploads).toMatchObject([{ name: 'Anna', last_name: 'Berg' }]);
    } finally {
      await server.close();
    }
  }, 300_000);

  it('refuses to restore over data unless told to, and then replaces it', async () => {
    const refused = await runCommand(['restore', archivePath], {
      DATA_DIR: restoredDir,
      DATABASE_URL: restoredUrl,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Nothing restored: the target is not empty');
    expect(refused.stderr).toContain('--force');

    const forced = await runCommand(['restore', archivePath, '--force'], {
      DATA_DIR: restoredDir,
      DATABASE_URL: restoredUrl,
    });
    expect(forced.code, forced.stdout + forced.stderr).toBe(0);
    expect(forced.stdout).toContain('--force: replacing');
    expect(forced.stdout).toContain('as in the backup');
  }, 300_000);

  it.runIf(kind === 'pglite')('refuses to restore into the DATA_DIR of a running server', () => {
    expect(restoreUnderRunningServer).toContain(`A server is running on ${sourceDir} (DATA_DIR): stop it`);
  });

  it('stops at a damaged archive and says which entry is damaged', async () => {
    const archive = await openArchive(archivePath);
    const [name, entry] = Object.entries(archive.manifest.entries).find(([, e]) => e.bytes > 1000)!;
    archive.close();
    const bytes = readFileSync(archivePath);
    // Stored entries keep their bytes as they are: find one in the file and change a byte in its middle.
    const damaged = Buffer.from(bytes);
    const at = bytes.indexOf(Buffer.from(name)) + name.length + Math.floor(entry.bytes / 2);
    damaged[at] = damaged[at]! ^ 0xff;
    const damagedPath = join(scratch, 'damaged.zip');
    writeFileSync(damagedPath, damaged);
    const emptyDir = join(scratch, 'damaged-target');
    const target =
      kind === 'postgres'
        ? await createPostgresDatabase(process.env.DATABASE_URL!, 'backup_test')
        : undefined;
    if (target) databases.push(target);
    const result = await runCommand(['restore', damagedPath], {
      DATA_DIR: emptyDir,
      DATABASE_URL: target?.url,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${name} in the archive is damaged`);
  }, 300_000);

  it.runIf(kind === 'pglite')(
    'fills an S3 bucket with the files of a backup made with local storage',
    async () => {
      const bucketDir = join(scratch, 's3');
      const bucket = 'stickerbook-restored';
      const s3 = new S3rver({
        address: '127.0.0.1',
        port: 0,
        silent: true,
        directory: bucketDir,
        configureBuckets: [{ name: bucket }],
      });
      const { port } = await s3.run();
      // s3rver accepts the fixed key pair S3RVER / S3RVER.
      const settings = {
        bucket,
        endpoint: `http://127.0.0.1:${port}`,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
      };
      const targetDir = join(scratch, 'restored-s3');
      try {
        const restored = await runCommand(['restore', archivePath], {
          DATA_DIR: targetDir,
          S3_BUCKET: settings.bucket,
          S3_ENDPOINT: settings.endpoint,
          S3_REGION: settings.region,
          S3_ACCESS_KEY_ID: settings.accessKeyId,
          S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
          S3_FORCE_PATH_STYLE: 'true',
        });
        expect(restored.code, restored.stdout + restored.stderr).toBe(0);
        expect(restored.stdout).toContain(`into the S3 bucket ${bucket}`);
        const server = await startServer(targetDir, undefined, undefined, settings);
        try {
          const image = await server.app.inject({
            url: `/api/v1/images/${imageIds[0]}`,
            headers: bearer(ownerToken),
          });
          const urls = image.json().blob as Record<string, string>;
          for (const name of ['original', 'small']) {
            expect(urls[name]!.startsWith(settings.endpoint)).toBe(true);
            const file = await fetch(urls[name]!);
            expect(file.status).toBe(200);
            expect(Buffer.from(await file.arrayBuffer()).equals(sourceImages[imageIds[0]!]![name]!)).toBe(
              true,
            );
          }
        } finally {
          await server.close();
        }
      } finally {
        await s3.close();
      }
    },
    300_000,
  );
});
