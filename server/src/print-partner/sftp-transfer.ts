import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { posix } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import type SftpClient from 'ssh2-sftp-client';
import type { Config } from '../config/index.ts';
import { AppError } from '../http/errors.ts';

/**
 * Hands an order's artifact to the print partner over SFTP (issue 14 "Transfer").
 *
 * Each attempt uploads to `<name>.part`, checks the size the server reports (and the SHA-256 of the file read back,
 * where the server allows reading: many partner drops are write-only), then renames it to `<name>`. The partner's
 * tooling only ever sees complete files. A failed attempt is retried after 1 s, 4 s, 16 s (by default); a refused
 * login or a missing setting is not retried, since waiting will not fix it.
 */
export type PrintPartnerSftpConfig = NonNullable<Config['printPartner']>;

/** A local file path, or a function that opens the bytes afresh for every attempt (e.g. `() => storage.stream(key)`). */
export type TransferSource = string | (() => Readable | Promise<Readable>);

export interface TransferProgress {
  phase: 'connecting' | 'uploading' | 'verifying' | 'retrying' | 'done';
  attempt: number;
  bytesSent: number;
  /** Known when the caller passed `expected`. */
  totalBytes?: number;
  /** For 'retrying': why the last attempt failed and how long until the next. */
  error?: string;
  retryInMs?: number;
}

export interface TransferOptions {
  /** Size and SHA-256 the artifact must have (from buildOrderArtifact); otherwise what was sent is checked. */
  expected?: { byteSize: number; sha256: string };
  onProgress?: (progress: TransferProgress) => void;
  /** Waits before the 2nd, 3rd, ... attempt; the number of entries + 1 is the number of attempts. */
  retryDelaysMs?: readonly number[];
  /** Connection and handshake timeout. */
  readyTimeoutMs?: number;
}

export interface TransferResult {
  remotePath: string;
  byteSize: number;
  sha256: string;
  /** False when the server would not let us read the file back; the size was still checked. */
  checksumVerified: boolean;
  attempts: number;
}

const DEFAULT_RETRY_DELAYS_MS = [1_000, 4_000, 16_000];

export async function transferArtifact(
  config: PrintPartnerSftpConfig | undefined,
  source: TransferSource,
  remoteName: string,
  options: TransferOptions = {},
): Promise<TransferResult> {
  if (!config) {
    throw new AppError(
      503,
      'PRINT_PARTNER_NOT_CONFIGURED',
      'Set PRINT_PARTNER_SFTP_URL and PRINT_PARTNER_SFTP_KEY',
    );
  }
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/.test(remoteName)) {
    throw new AppError(422, 'PRINT_PARTNER_FILE_NAME_INVALID', `Not a plain file name: ${remoteName}`);
  }
  const target = parseSftpUrl(config.sftpUrl);
  const privateKey = await readPrivateKey(config.privateKey);
  const remotePath = posix.join(target.folder, remoteName);
  const delays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  const report = options.onProgress ?? (() => {});
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await attemptTransfer({
        target,
        privateKey,
        config,
        source,
        remotePath,
        options,
        attempt,
        report,
      });
      report({ phase: 'done', attempt, bytesSent: result.byteSize, totalBytes: result.byteSize });
      return { ...result, attempts: attempt };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const delay = delays[attempt - 1];
      if (delay === undefined || isPermanent(error)) {
        const failure = new AppError(
          502,
          'PRINT_PARTNER_TRANSFER_FAILED',
          `Transfer failed after ${attempt} attempt(s): ${message}`,
        );
        failure.cause = error;
        throw failure;
      }
      report({ phase: 'retrying', attempt, bytesSent: 0, error: message, retryInMs: delay });
      await sleep(delay);
    }
  }
}

interface Attempt {
  target: SftpTarget;
  privateKey?: string;
  config: PrintPartnerSftpConfig;
  source: TransferSource;
  remotePath: string;
  options: TransferOptions;
  attempt: number;
  report: (progress: TransferProgress) => void;
}

async function attemptTransfer(run: Attempt): Promise<Omit<TransferResult, 'attempts'>> {
  const { target, remotePath, attempt, report } = run;
  const totalBytes = run.options.expected?.byteSize;
  // The SFTP client (ssh2) loads with the first transfer, not with the server.
  const { default: Client } = await import('ssh2-sftp-client');
  // The library logs connection events outside an operation to the console by default; each attempt's own
  // promise already reports what went wrong, so those are dropped.
  const sftp = new Client('print-partner', { error: () => {}, end: () => {}, close: () => {} });
  report({ phase: 'connecting', attempt, bytesSent: 0, totalBytes });
  await sftp.connect({
    host: target.host,
    port: target.port,
    username: target.username,
    password: target.password,
    privateKey: run.privateKey,
    readyTimeout: run.options.readyTimeoutMs ?? 20_000,
    hostVerifier: run.config.hostKeySha256 ? hostKeyCheck(run.config.hostKeySha256) : undefined,
  });
  try {
    const partPath = `${remotePath}.part`;
    const hash = createHash('sha256');
    let bytesSent = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytesSent += chunk.length;
        report({ phase: 'uploading', attempt, bytesSent, totalBytes });
        done(null, chunk);
      },
    });
    const input = typeof run.source === 'string' ? createReadStream(run.source) : await run.source();
    const reading = pipeline(input, meter);
    try {
      await sftp.put(meter, partPath);
      await reading;
    } catch (error) {
      // A dropped connection stops consuming `meter`: close the source instead of leaving it open.
      input.destroy();
      meter.destroy();
      await reading.catch(() => undefined);
      throw error;
    }
    const sha256 = hash.digest('hex');
    const expected = run.options.expected ?? { byteSize: bytesSent, sha256 };
    if (bytesSent !== expected.byteSize || sha256 !== expected.sha256) {
      throw new Error(`The source changed: sent ${bytesSent} bytes with SHA-256 ${sha256}`);
    }

    report({ phase: 'verifying', attempt, bytesSent, totalBytes });
    const remoteSize = (await sftp.stat(partPath)).size;
    if (remoteSize !== expected.byteSize) {
      throw new Error(`The server has ${remoteSize} bytes of ${expected.byteSize}`);
    }
    const remoteSha256 = await readBackSha256(sftp, partPath);
    if (remoteSha256 !== undefined && remoteSha256 !== expected.sha256) {
      throw new Error('The file on the server does not match its SHA-256');
    }
    await replace(sftp, partPath, remotePath);
    return {
      remotePath,
      byteSize: expected.byteSize,
      sha256: expected.sha256,
      checksumVerified: remoteSha256 !== undefined,
    };
  } finally {
    await sftp.end().catch(() => undefined);
  }
}

/** The SHA-256 of the remote file, or undefined when the server does not allow reading it back. */
async function readBackSha256(sftp: SftpClient, path: string): Promise<string | undefined> {
  const hash = createHash('sha256');
  try {
    const stream = sftp.createReadStream(path);
    for await (const chunk of stream) hash.update(chunk as Buffer);
  } catch (error) {
    if (/permission denied/i.test(String((error as Error).message))) return undefined;
    throw error;
  }
  return hash.digest('hex');
}

/** OpenSSH's posix-rename replaces an existing file atomically; plain SFTP v3 rename refuses to, so delete first. */
async function replace(sftp: SftpClient, from: string, to: string): Promise<void> {
  try {
    await sftp.posixRename(from, to);
  } catch {
    if (await sftp.exists(to)) await sftp.delete(to);
    await sftp.rename(from, to);
  }
}

interface SftpTarget {
  host: string;
  port: number;
  username: string;
  password?: string;
  folder: string;
}

function parseSftpUrl(url: string): SftpTarget {
  const parsed = new URL(url);
  if (parsed.protocol !== 'sftp:' || !parsed.username || !parsed.hostname) {
    throw new AppError(
      503,
      'PRINT_PARTNER_NOT_CONFIGURED',
      'PRINT_PARTNER_SFTP_URL must be sftp://user@host:port/folder',
    );
  }
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port ? Number(parsed.port) : 22,
    username: decodeURIComponent(parsed.username),
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    folder: decodeURIComponent(parsed.pathname) || '/',
  };
}

/** PRINT_PARTNER_SFTP_KEY is the key itself or the path of a key file. */
async function readPrivateKey(setting: string | undefined): Promise<string | undefined> {
  if (!setting) return undefined;
  if (setting.includes('-----BEGIN')) return setting.replace(/\\n/g, '\n');
  try {
    return await readFile(setting, 'utf8');
  } catch {
    throw new AppError(503, 'PRINT_PARTNER_NOT_CONFIGURED', `Cannot read the SFTP key file ${setting}`);
  }
}

/** Compares the server's host key with the configured fingerprint, written as `ssh-keygen -lf` prints it. */
function hostKeyCheck(fingerprint: string): (key: Buffer) => boolean {
  const wanted = fingerprint.replace(/^SHA256:/, '').replace(/=+$/, '');
  return (key) => createHash('sha256').update(key).digest('base64').replace(/=+$/, '') === wanted;
}

/** Failures that a retry cannot fix. */
function isPermanent(error: unknown): boolean {
  if (error instanceof AppError) return true;
  const message = String((error as Error)?.message ?? '');
  return /authentication methods failed|host denied|host key/i.test(message);
}
