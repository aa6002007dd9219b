import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh copy of the module: its state is the page's. */
async function fresh() {
  vi.resetModules();
  return {
    startup: await import('./afterStartup.ts'),
    overlays: await import('./deferredOverlays.ts'),
  };
}

/** Whether the layers were told to load (useAfterStartup's signal). */
function whenDone(startup: typeof import('./afterStartup.ts')) {
  const seen = { done: false };
  startup.onStartupEnd(() => {
    seen.done = true;
  });
  return seen;
}

describe('the layers loaded after start-up (toasts, dialogs, the help widget)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('load STARTUP_GRACE_MS after the page has loaded, not before', async () => {
    const { startup } = await fresh();
    startup.waitForStartup();
    const seen = whenDone(startup);
    vi.advanceTimersByTime(startup.STARTUP_GRACE_MS - 1);
    expect(seen.done).toBe(false);
    vi.advanceTimersByTime(1);
    expect(seen.done).toBe(true);
  });

  it('load at the first input', async () => {
    const { startup } = await fresh();
    startup.waitForStartup();
    const seen = whenDone(startup);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(seen.done).toBe(true);
  });

  it('load when code asks for a dialog, which is shown once its provider listens', async () => {
    const { startup, overlays } = await fresh();
    overlays.holdModalEvents();
    startup.waitForStartup();
    const seen = whenDone(startup);
    window.dispatchEvent(
      new CustomEvent('mantine-modals:openConfirmModal', { detail: { title: 'Delete?' } }),
    );
    expect(seen.done).toBe(true);

    const replayed: unknown[] = [];
    const listen = (event: Event) => replayed.push((event as CustomEvent).detail);
    window.addEventListener('mantine-modals:openConfirmModal', listen);
    overlays.overlaysReady();
    window.removeEventListener('mantine-modals:openConfirmModal', listen);
    expect(replayed).toEqual([{ title: 'Delete?' }]);
  });
});
