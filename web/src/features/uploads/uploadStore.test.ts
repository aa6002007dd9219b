import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAILED_JOB_LINGER_MS, FINISHED_JOB_LINGER_MS, UploadStore, type UploadJob } from './uploadStore.ts';

const job = (id: string, state: UploadJob['state']): UploadJob => ({
  id,
  fileName: `${id}.jpg`,
  state,
  progress: 1,
});

describe('the uploads panel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('lets finished uploads go by themselves, so the panel stops covering Undo, Redo and History', () => {
    const store = new UploadStore();
    store.upsert(job('a', 'working'));
    store.upsert(job('b', 'working'));
    store.upsert(job('a', 'finished'));
    vi.advanceTimersByTime(FINISHED_JOB_LINGER_MS - 1);
    expect(store.snapshot().map((j) => j.id)).toEqual(['a', 'b']);
    vi.advanceTimersByTime(1);
    expect(store.snapshot().map((j) => j.id)).toEqual(['b']);
    // A job still uploading stays however long it takes.
    vi.advanceTimersByTime(60_000);
    expect(store.snapshot().map((j) => j.id)).toEqual(['b']);
    store.upsert(job('b', 'finished'));
    vi.advanceTimersByTime(FINISHED_JOB_LINGER_MS);
    expect(store.snapshot()).toEqual([]);
  });

  it('keeps a failed upload a little longer, then lets it go too', () => {
    const store = new UploadStore();
    store.upsert(job('a', 'error'));
    vi.advanceTimersByTime(FINISHED_JOB_LINGER_MS);
    expect(store.snapshot()).toHaveLength(1);
    vi.advanceTimersByTime(FAILED_JOB_LINGER_MS - FINISHED_JOB_LINGER_MS);
    expect(store.snapshot()).toEqual([]);
  });

  it('keeps a job that was finished and then changed again (variants failed) for its new state', () => {
    const store = new UploadStore();
    store.upsert(job('a', 'finished'));
    vi.advanceTimersByTime(FINISHED_JOB_LINGER_MS - 100);
    store.upsert(job('a', 'error'));
    vi.advanceTimersByTime(FINISHED_JOB_LINGER_MS);
    expect(store.snapshot()).toHaveLength(1);
  });
});
