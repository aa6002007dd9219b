/**
 * A real SFTP server on 127.0.0.1 (ssh2's server side) storing files in a temporary folder, for the print-partner
 * transfer tests. It accepts one user with one public key and can be told to misbehave the way partner servers
 * do: drop the connection in the middle of an upload, flip a byte on disk, or refuse reads (write-only drops).
 */
import {
  closeSync,
  fstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import ssh2, { type Connection, type SFTPWrapper } from 'ssh2';

const { Server, utils } = ssh2;
const { STATUS_CODE, OPEN_MODE } = utils.sftp;

export interface TestSftpServer {
  url: string;
  /** Where uploads land: the server's `/` is this folder. */
  root: string;
  clientPrivateKey: string;
  /** `SHA256:...` of the server's host key, as ssh-keygen prints it. */
  hostKeySha256: string;
  /** Drop the connection after this many bytes of the next uploads (one entry per upload). */
  dropUploadsAfterBytes: number[];
  /** Flip one byte of the next N uploads once they are closed. */
  corruptNextUploads: number;
  /** Refuse to open files for reading, like a write-only drop box. */
  refuseReads: boolean;
  uploadsStarted: number;
  close(): Promise<void>;
}

type KeyPair = ReturnType<typeof utils.generateKeyPairSync>;
type ParsedKey = Exclude<ReturnType<typeof utils.parseKey>, Error | unknown[]>;

function parsedKey(text: string): ParsedKey {
  const key = utils.parseKey(text);
  if (key instanceof Error) throw key;
  return Array.isArray(key) ? (key[0] as ParsedKey) : key;
}

/**
 * An ed25519 pair ssh2 can read back. ssh2's own generator strips leading zero bytes of the public key, so about
 * one pair in 256 comes out unreadable ("Malformed OpenSSH private key", mscdex/ssh2#1390, #1513): draw again.
 */
export function parseableKeyPair(): KeyPair {
  for (;;) {
    const pair = utils.generateKeyPairSync('ed25519');
    if (!(utils.parseKey(pair.public) instanceof Error) && !(utils.parseKey(pair.private) instanceof Error))
      return pair;
  }
}

export async function startSftpServer(username = 'printshop'): Promise<TestSftpServer> {
  const root = mkdtempSync(join(tmpdir(), 'sftp-root-'));
  mkdirSync(join(root, 'inbox'));
  const hostKey = parseableKeyPair();
  const clientKey = parseableKeyPair();
  const allowed = parsedKey(clientKey.public);
  const host = parsedKey(hostKey.private);
  const { createHash } = await import('node:crypto');
  const hostKeySha256 = `SHA256:${createHash('sha256').update(host.getPublicSSH()).digest('base64').replace(/=+$/, '')}`;

  const connections = new Set<Connection>();
  const state: Omit<TestSftpServer, 'url' | 'close'> = {
    root,
    clientPrivateKey: clientKey.private,
    hostKeySha256,
    dropUploadsAfterBytes: [],
    corruptNextUploads: 0,
    refuseReads: false,
    uploadsStarted: 0,
  };

  const server = new Server({ hostKeys: [hostKey.private] }, (client) => {
    connections.add(client);
    client.on('close', () => connections.delete(client));
    client.on('error', () => undefined);
    client.on('authentication', (ctx) => {
      const keyMatches =
        ctx.method === 'publickey' &&
        ctx.username === username &&
        ctx.key.algo === allowed.type &&
        ctx.key.data.equals(allowed.getPublicSSH());
      if (!keyMatches) return ctx.reject(['publickey']);
      if (ctx.signature && allowed.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) !== true)
        return ctx.reject();
      ctx.accept();
    });
    client.on('ready', () => {
      client.on('session', (acceptSession) => {
        acceptSession().on('sftp', (acceptSftp) => serveSftp(acceptSftp(), client, state));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return Object.assign(state, {
    url: `sftp://${username}@127.0.0.1:${port}/inbox`,
    async close() {
      for (const connection of connections) connection.end();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(root, { recursive: true, force: true });
    },
  });
}

interface OpenFile {
  fd: number;
  path: string;
  writing: boolean;
  bytesWritten: number;
  dropAfter?: number;
}

function serveSftp(sftp: SFTPWrapper, client: Connection, state: Omit<TestSftpServer, 'url' | 'close'>) {
  const handles = new Map<number, OpenFile>();
  let nextHandle = 1;
  const local = (remote: string) => {
    const normalized = posix.normalize(posix.join('/', remote));
    return join(state.root, normalized);
  };
  const fileOf = (handle: Buffer) => handles.get(handle.readUInt32BE(0));
  const attrsOf = (stats: {
    mode: number;
    uid: number;
    gid: number;
    size: number;
    atimeMs: number;
    mtimeMs: number;
  }) => ({
    mode: stats.mode,
    uid: stats.uid,
    gid: stats.gid,
    size: stats.size,
    atime: Math.floor(stats.atimeMs / 1000),
    mtime: Math.floor(stats.mtimeMs / 1000),
  });
  const fail = (reqid: number, error: unknown) =>
    sftp.status(
      reqid,
      (error as NodeJS.ErrnoException).code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE,
      String((error as Error).message),
    );

  sftp.on('REALPATH', (reqid, path) => {
    const normalized = posix.normalize(posix.join('/', path));
    sftp.name(reqid, [{ filename: normalized, longname: normalized, attrs: {} as never }]);
  });
  sftp.on('OPEN', (reqid, filename, flags) => {
    const writing = (flags & OPEN_MODE.WRITE) !== 0;
    if (!writing && state.refuseReads)
      return sftp.status(reqid, STATUS_CODE.PERMISSION_DENIED, 'Permission denied');
    try {
      const fd = openSync(local(filename), utils.sftp.flagsToString(flags) ?? 'r');
      const id = nextHandle++;
      const file: OpenFile = { fd, path: local(filename), writing, bytesWritten: 0 };
      if (writing) {
        state.uploadsStarted++;
        file.dropAfter = state.dropUploadsAfterBytes.shift();
      }
      handles.set(id, file);
      const handle = Buffer.alloc(4);
      handle.writeUInt32BE(id);
      sftp.handle(reqid, handle);
    } catch (error) {
      fail(reqid, error);
    }
  });
  sftp.on('WRITE', (reqid, handle, offset, data) => {
    const file = fileOf(handle);
    if (!file) return sftp.status(reqid, STATUS_CODE.FAILURE);
    writeSync(file.fd, data, 0, data.length, offset);
    file.bytesWritten += data.length;
    if (file.dropAfter !== undefined && file.bytesWritten >= file.dropAfter) {
      // The network goes away in the middle of the upload.
      client.end();
      return;
    }
    sftp.status(reqid, STATUS_CODE.OK);
  });
  sftp.on('READ', (reqid, handle, offset, length) => {
    const file = fileOf(handle);
    if (!file) return sftp.status(reqid, STATUS_CODE.FAILURE);
    const buffer = Buffer.alloc(length);
    const read = readSync(file.fd, buffer, 0, length, offset);
    if (read === 0) return sftp.status(reqid, STATUS_CODE.EOF);
    sftp.data(reqid, buffer.subarray(0, read));
  });
  sftp.on('FSTAT', (reqid, handle) => {
    const file = fileOf(handle);
    if (!file) return sftp.status(reqid, STATUS_CODE.FAILURE);
    sftp.attrs(reqid, attrsOf(fstatSync(file.fd)));
  });
  const stat = (reqid: number, path: string) => {
    try {
      sftp.attrs(reqid, attrsOf(statSync(local(path))));
    } catch (error) {
      fail(reqid, error);
    }
  };
  sftp.on('STAT', stat);
  sftp.on('LSTAT', stat);
  sftp.on('CLOSE', (reqid, handle) => {
    const file = fileOf(handle);
    if (!file) return sftp.status(reqid, STATUS_CODE.FAILURE);
    handles.delete(handle.readUInt32BE(0));
    if (file.writing && state.corruptNextUploads > 0 && file.bytesWritten > 0) {
      state.corruptNextUploads--;
      const byte = Buffer.alloc(1);
      readSync(file.fd, byte, 0, 1, 0);
      writeSync(file.fd, Buffer.from([byte[0]! ^ 0xff]), 0, 1, 0);
    }
    closeSync(file.fd);
    sftp.status(reqid, STATUS_CODE.OK);
  });
  sftp.on('RENAME', (reqid, from, to) => {
    try {
      // SFTP v3: renaming onto an existing file fails.
      statSync(local(to));
      return sftp.status(reqid, STATUS_CODE.FAILURE, 'File exists');
    } catch {
      // target free
    }
    try {
      renameSync(local(from), local(to));
      sftp.status(reqid, STATUS_CODE.OK);
    } catch (error) {
      fail(reqid, error);
    }
  });
  sftp.on('REMOVE', (reqid, path) => {
    try {
      unlinkSync(local(path));
      sftp.status(reqid, STATUS_CODE.OK);
    } catch (error) {
      fail(reqid, error);
    }
  });
}
