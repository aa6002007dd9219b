/**
 * Uploads this process is receiving right now, so background image work (variants, faces) can give way to them:
 * a contributor watching a progress bar comes before a thumbnail nobody waits for yet. When 100 contributors send
 * their photos through a sticker link at once (issue 8), the image jobs start once the burst is in, instead of
 * taking CPU from it. Per process: a worker-only process (`--worker-only`) receives no uploads and never waits.
 */
let inFlight = 0;
let lastEndedAt = 0;

/** Counts one upload in flight; call the returned function once it has ended, however it ended. */
export function uploadStarted(): () => void {
  inFlight++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    inFlight--;
    lastEndedAt = Date.now();
  };
}

export interface QuietOptions {
  /** How long no upload must have been in flight (uploads of a burst come with short gaps between them). */
  quietMs: number;
  /** Background work is never held longer than this, however busy the uploads keep the process. */
  maxWaitMs: number;
}

const UPLOAD_QUIET: QuietOptions = { quietMs: 300, maxWaitMs: 10_000 };

/** Resolves once no upload has been in flight for `quietMs`, or after `maxWaitMs` at the latest. */
export async function uploadsQuiet(options: QuietOptions = UPLOAD_QUIET): Promise<void> {
  const deadline = Date.now() + options.maxWaitMs;
  for (;;) {
    const now = Date.now();
    const quietFor = now - lastEndedAt;
    if ((inFlight === 0 && quietFor >= options.quietMs) || now >= deadline) return;
    const wait = inFlight === 0 ? options.quietMs - quietFor : Math.min(100, options.quietMs);
    await new Promise((resolve) => setTimeout(resolve, Math.max(10, Math.min(wait, deadline - now))));
  }
}
