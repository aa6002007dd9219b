/**
 * Voucher guessing is rate-limited per user and per IP (issue 13). What counts is a distinct code that turned out
 * not to exist: re-quoting with the same code as the customer moves the album slider costs nothing, and a real
 * voucher that is merely expired or used up is no guess. Kept in memory per instance (like @fastify/rate-limit
 * here); behind several instances the limit is per instance, which still bounds guessing to a crawl.
 */
/** Wrong codes per user, and per IP (higher: a school or office shares one address). */
export const VOUCHER_GUESS_LIMIT = { user: 10, ip: 30 } as const;
const VOUCHER_GUESS_WINDOW_MS = 15 * 60_000;
const MAX_KEYS = 10_000;

export interface GuessKey {
  key: string;
  limit: number;
}

interface Window {
  startedAt: number;
  codes: Set<string>;
}

export class VoucherAttempts {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly windowMs = VOUCHER_GUESS_WINDOW_MS) {}

  private window(key: string, now: number): Window {
    let entry = this.windows.get(key);
    if (!entry || now - entry.startedAt >= this.windowMs) {
      entry = { startedAt: now, codes: new Set() };
      this.windows.delete(key);
      this.windows.set(key, entry);
      if (this.windows.size > MAX_KEYS) this.windows.delete(this.windows.keys().next().value!);
    }
    return entry;
  }

  /** Seconds to wait when any key has used up its limit of guesses and `code` is a new one; else null. */
  retryAfter(keys: readonly GuessKey[], code: string, now = Date.now()): number | null {
    for (const { key, limit } of keys) {
      const entry = this.window(key, now);
      if (entry.codes.size >= limit && !entry.codes.has(code)) {
        return Math.max(1, Math.ceil((entry.startedAt + this.windowMs - now) / 1000));
      }
    }
    return null;
  }

  /** Records a code that does not exist. */
  miss(keys: readonly GuessKey[], code: string, now = Date.now()): void {
    for (const { key } of keys) this.window(key, now).codes.add(code);
  }
}
