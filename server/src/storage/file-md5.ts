import { Worker } from 'node:worker_threads';

/**
 * The MD5 of a file just written, computed in a worker thread. Hashing is the costliest part of receiving an
 * upload (~5 ms of CPU per 3 MB): on the main thread it held up every request in flight during a burst of sticker
 * link submissions (issue 8: 100 contributors sending 3 MB photos at once), so the upload route streams the body
 * to disk and the file is hashed here while the main thread serves others. The file was written a moment ago, so
 * reading it back comes from the page cache.
 *
 * The thread's source is a string, so it works from the TypeScript sources (tests, tsx) and from the bundled
 * dist/main.js alike (as images/faces.ts does).
 */
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const { createReadStream } = require('node:fs');
parentPort.on('message', ({ id, path }) => {
  const md5 = createHash('md5');
  createReadStream(path, { highWaterMark: 1024 * 1024 })
    .on('data', (chunk) => md5.update(chunk))
    .on('error', (error) => parentPort.postMessage({ id, error: String(error && error.message) }))
    .on('end', () => parentPort.postMessage({ id, md5: md5.digest('base64') }));
});
`;

type Reply = { id: number; md5?: string; error?: string };

let worker: Worker | undefined;
let nextId = 1;
const pending = new Map<number, { resolve(md5: string): void; reject(error: Error): void }>();

function hashThread(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true });
  // An idle hasher must not keep the process (or a test run) alive; a file being hashed does (see fileMd5Base64).
  started.unref();
  started.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (pending.size === 0) started.unref();
    if (reply.md5 !== undefined) call.resolve(reply.md5);
    else call.reject(new Error(reply.error ?? 'hashing failed'));
  });
  const fail = (error: Error) => {
    if (worker === started) worker = undefined;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`file hasher stopped (exit code ${code})`)));
  worker = started;
  return started;
}

/** Base64 MD5 of the file's content (the form of a Content-MD5 header). */
export function fileMd5Base64(path: string): Promise<string> {
  const thread = hashThread();
  const id = nextId++;
  return new Promise<string>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, path });
  });
}
