import { useSyncExternalStore } from 'react';
import type { ImageRecord } from './uploadApi.ts';

/** SPEC §4 upload job states: queued, working (bytes on their way), exists (record made), finished, error. */
type UploadJobState = 'queued' | 'working' | 'exists' | 'finished' | 'error';

export interface UploadJob {
  /** A local image id (`local-…`, valid as a document id) standing in for the record until it exists. */
  id: string;
  fileName: string;
  state: UploadJobState;
  /** 0 to 1 while the bytes upload. */
  progress: number;
  /** Object URL of the file, shown at once and revoked when the record arrives or the upload fails. */
  localUrl?: string;
  size?: { width: number; height: number };
  image?: ImageRecord;
  /** Error codes (IMAGE_TOO_LARGE, ...) for the translated, comma-joined notification. */
  errorCodes?: string[];
}

/**
 * How long an ended job stays in the panel: long enough to see it finish, short enough that the panel (over
 * the bottom-left corner of the canvas, where Undo, Redo and History are) goes away by itself. A failure also
 * shows as a notification, so it need not stay either.
 */
export const FINISHED_JOB_LINGER_MS = 2500;
export const FAILED_JOB_LINGER_MS = 8000;

/** The jobs of this tab, for the UploadProgress panel; a tiny external store so any component can subscribe. */
export class UploadStore {
  private jobs: readonly UploadJob[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly removals = new Map<string, ReturnType<typeof setTimeout>>();

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.jobs;

  upsert(job: UploadJob): void {
    const index = this.jobs.findIndex((existing) => existing.id === job.id);
    this.jobs =
      index === -1 ? [...this.jobs, job] : this.jobs.map((existing, i) => (i === index ? job : existing));
    this.scheduleRemoval(job);
    this.listeners.forEach((listener) => listener());
  }

  /** Forgets finished and failed jobs (the panel's clear button). */
  clearDone(): void {
    this.jobs = this.jobs.filter((job) => !ended(job));
    this.listeners.forEach((listener) => listener());
  }

  private scheduleRemoval(job: UploadJob): void {
    clearTimeout(this.removals.get(job.id));
    this.removals.delete(job.id);
    if (!ended(job)) return;
    const linger = job.state === 'error' ? FAILED_JOB_LINGER_MS : FINISHED_JOB_LINGER_MS;
    this.removals.set(
      job.id,
      setTimeout(() => {
        this.removals.delete(job.id);
        this.jobs = this.jobs.filter((existing) => existing.id !== job.id);
        this.listeners.forEach((listener) => listener());
      }, linger),
    );
  }
}

const ended = (job: UploadJob) => job.state === 'finished' || job.state === 'error';

export const uploadStore = new UploadStore();

export function useUploadJobs(store: UploadStore = uploadStore): readonly UploadJob[] {
  return useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
}
