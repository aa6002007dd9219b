/**
 * Unsaved changes on disk (issue 6: "pending and new changes are kept in IndexedDB and survive a page reload or a
 * browser crash"). One record per album: the mutations already given an id (sent or about to be sent, in order)
 * and the local changes not yet grouped into a mutation. Written on every local change, before it is sent.
 */
import type { Patch } from '@stickerbook/model';

interface PendingMutation {
  /** Stable across reloads, so a re-send after a crash is recognised by the server and not applied twice. */
  mutationId: string;
  patches: Patch[];
}

export interface OutboxRecord {
  albumId: string;
  mutations: PendingMutation[];
  /** Local changes (one patch list each) waiting for the autosave delay. */
  queued: Patch[][];
  /** The album version these changes were made on (informational; the server merges per field). */
  version: number;
}

export interface OutboxStore {
  load(albumId: string): Promise<OutboxRecord | undefined>;
  save(record: OutboxRecord): Promise<void>;
  clear(albumId: string): Promise<void>;
}

const DB_NAME = 'stickerbook-sync';
const STORE = 'outbox';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** The browser's store. Falls back to memory when IndexedDB is unavailable (private mode in old browsers). */
export function indexedDbOutboxStore(): OutboxStore {
  if (typeof indexedDB === 'undefined') return memoryOutboxStore();
  let opened: Promise<IDBDatabase> | undefined;
  const open = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open(DB_NAME, 1);
      req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'albumId' });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    }));
  const withStore = async <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => {
    const db = await open();
    return request(work(db.transaction(STORE, mode).objectStore(STORE)));
  };
  return {
    load: (albumId) =>
      withStore('readonly', (store) => store.get(albumId) as IDBRequest<OutboxRecord | undefined>),
    save: async (record) => {
      await withStore('readwrite', (store) => store.put(record));
    },
    clear: async (albumId) => {
      await withStore('readwrite', (store) => store.delete(albumId));
    },
  };
}

export function memoryOutboxStore(
  initial: OutboxRecord[] = [],
): OutboxStore & { records: Map<string, OutboxRecord> } {
  const records = new Map(initial.map((record) => [record.albumId, structuredClone(record)]));
  return {
    records,
    load: async (albumId) => structuredClone(records.get(albumId)),
    save: async (record) => {
      records.set(record.albumId, structuredClone(record));
    },
    clear: async (albumId) => {
      records.delete(albumId);
    },
  };
}
