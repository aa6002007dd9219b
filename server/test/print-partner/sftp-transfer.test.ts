import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.ts';
import {
  transferArtifact,
  type PrintPartnerSftpConfig,
  type TransferProgress,
} from '../../src/print-partner/sftp-transfer.ts';
import { parseableKeyPair, startSftpServer, type TestSftpServer } from '../helpers/sftp-server.ts';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const FAST_RETRIES = [20, 40, 80];

describe('transferArtifact over SFTP', () => {
  let server: TestSftpServer;
  let config: PrintPartnerSftpConfig;
  let localDir: string;
  let artifactPath: string;
  const artifact = randomBytes(700_000);
  const expected = { byteSize: artifact.length, sha256: sha256(artifact) };

  beforeAll(async () => {
    server = await startSftpServer();
    localDir = await mkdtemp(join(tmpdir(), 'transfer-test-'));
    artifactPath = join(localDir, 'artifact.zip');
    await writeFile(artifactPath, artifact);
    const keyFile = join(localDir, 'id_ed25519');
    await writeFile(keyFile, server.clientPrivateKey);
    config = loadConfig({
      PRINT_PARTNER_SFTP_URL: server.url,
      PRINT_PARTNER_SFTP_KEY: keyFile,
      PRINT_PARTNER_SFTP_HOST_KEY_SHA256: server.hostKeySha256,
    }).printPartner!;
  });
  afterAll(async () => {
    await server.close();
    await rm(localDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    server.dropUploadsAfterBytes = [];
    server.corruptNextUploads = 0;
    server.refuseReads = false;
  });
  afterEach(async () => {
    for (const name of await readdir(join(server.root, 'inbox'))) await rm(join(server.root, 'inbox', name));
  });

  const inbox = (name: string) => readFile(join(server.root, 'inbox', name));

  it('lands the artifact in the partner folder, verified by size and checksum, reporting progress', async () => {
    const progress: TransferProgress[] = [];
    const result = await transferArtifact(config, artifactPath, 'SB-4711.zip', {
      expected,
      onProgress: (event) => progress.push(event),
    });
    expect(result).toEqual({
      remotePath: '/inbox/SB-4711.zip',
      byteSize: artifact.length,
      sha256: expected.sha256,
      checksumVerified: true,
      attempts: 1,
    });
    expect((await inbox('SB-4711.zip')).equals(artifact)).toBe(true);
    expect(await readdir(join(server.root, 'inbox'))).toEqual(['SB-4711.zip']);
    const phases = [...new Set(progress.map((event) => event.phase))];
    expect(phases).toEqual(['connecting', 'uploading', 'verifying', 'done']);
    const uploads = progress.filter((event) => event.phase === 'uploading').map((event) => event.bytesSent);
    expect(uploads.at(-1)).toBe(artifact.length);
    expect(uploads).toEqual([...uploads].sort((a, b) => a - b));
  });

  it('retries after the connection drops mid-upload and succeeds on the next attempt', async () => {
    server.dropUploadsAfterBytes = [200_000];
    const progress: TransferProgress[] = [];
    const started = server.uploadsStarted;
    const result = await transferArtifact(config, () => Readable.from([artifact]), 'retry.zip', {
      expected,
      retryDelaysMs: FAST_RETRIES,
      onProgress: (event) => progress.push(event),
    });
    expect(result.attempts).toBe(2);
    expect(server.uploadsStarted - started).toBe(2);
    expect(progress.find((event) => event.phase === 'retrying')).toMatchObject({ attempt: 1, retryInMs: 20 });
    expect((await inbox('retry.zip')).equals(artifact)).toBe(true);
    expect(await readdir(join(server.root, 'inbox'))).toEqual(['retry.zip']);
  });

  it('notices a file damaged on the server by its checksum and sends it again', async () => {
    server.corruptNextUploads = 1;
    const result = await transferArtifact(config, artifactPath, 'damaged.zip', {
      expected,
      retryDelaysMs: FAST_RETRIES,
    });
    expect(result.attempts).toBe(2);
    expect((await inbox('damaged.zip')).equals(artifact)).toBe(true);
  });

  it('checks the size alone on a write-only drop and says the checksum was not verified', async () => {
    server.refuseReads = true;
    const result = await transferArtifact(config, artifactPath, 'writeonly.zip', { expected });
    expect(result).toMatchObject({ checksumVerified: false, attempts: 1, byteSize: artifact.length });
    expect((await inbox('writeonly.zip')).equals(artifact)).toBe(true);
  });

  it('replaces an earlier transfer of the same order', async () => {
    await transferArtifact(config, () => Readable.from([Buffer.from('old version')]), 'again.zip');
    await transferArtifact(config, artifactPath, 'again.zip', { expected });
    expect((await inbox('again.zip')).equals(artifact)).toBe(true);
  });

  it('gives up after the last retry and leaves no complete-looking file behind', async () => {
    server.dropUploadsAfterBytes = [100_000, 100_000, 100_000];
    await expect(
      transferArtifact(config, artifactPath, 'never.zip', { expected, retryDelaysMs: [10, 10] }),
    ).rejects.toMatchObject({ code: 'PRINT_PARTNER_TRANSFER_FAILED' });
    expect(await readdir(join(server.root, 'inbox'))).not.toContain('never.zip');
  });

  it('refuses a source that is not the artifact it claims to be, on every attempt', async () => {
    const started = server.uploadsStarted;
    await expect(
      transferArtifact(config, () => Readable.from([Buffer.from('something else')]), 'wrong.zip', {
        expected,
        retryDelaysMs: [10],
      }),
    ).rejects.toMatchObject({ code: 'PRINT_PARTNER_TRANSFER_FAILED' });
    expect(server.uploadsStarted - started).toBe(2);
    expect(await readdir(join(server.root, 'inbox'))).not.toContain('wrong.zip');
  });

  it('does not retry a refused key or a server with another host key', async () => {
    const stranger = { ...config, privateKey: parseableKeyPair().private };
    const progress: TransferProgress[] = [];
    await expect(
      transferArtifact(stranger, artifactPath, 'x.zip', {
        retryDelaysMs: FAST_RETRIES,
        onProgress: (e) => progress.push(e),
      }),
    ).rejects.toMatchObject({ code: 'PRINT_PARTNER_TRANSFER_FAILED' });
    expect(progress.some((event) => event.phase === 'retrying')).toBe(false);
    const impostor = { ...config, hostKeySha256: 'SHA256:' + 'A'.repeat(43) };
    const impostorProgress: TransferProgress[] = [];
    await expect(
      transferArtifact(impostor, artifactPath, 'x.zip', {
        retryDelaysMs: FAST_RETRIES,
        onProgress: (e) => impostorProgress.push(e),
      }),
    ).rejects.toMatchObject({ code: 'PRINT_PARTNER_TRANSFER_FAILED' });
    expect(impostorProgress.some((event) => event.phase === 'retrying')).toBe(false);
  });

  it('explains what to set when the print partner is not configured, and refuses path names', async () => {
    await expect(transferArtifact(undefined, artifactPath, 'a.zip')).rejects.toMatchObject({
      code: 'PRINT_PARTNER_NOT_CONFIGURED',
      message: expect.stringContaining('PRINT_PARTNER_SFTP_URL'),
    });
    await expect(transferArtifact(config, artifactPath, '../escape.zip')).rejects.toMatchObject({
      code: 'PRINT_PARTNER_FILE_NAME_INVALID',
    });
  });
});
