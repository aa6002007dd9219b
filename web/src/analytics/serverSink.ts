import { ANALYTICS_LIMITS } from '@stickerbook/model/analytics';
import { getSession, validAccessToken } from '../auth/session.ts';
import type { AnalyticsEvent, AnalyticsSink } from './sink.ts';

const ANALYTICS_EVENTS_URL = '/api/v1/analytics/events';

export interface ServerSinkOptions {
  /** How long events wait for company before a batch leaves. */
  delayMs?: number;
  /** Events per request; below the server's limit of ANALYTICS_LIMITS.batchEvents. */
  maxBatch?: number;
  /** The signed-in user's access token, so the server knows the user from it (never from the body). */
  accessToken?: () => string | undefined;
}

/** The signed-in user's token when it is still valid; analytics never refreshes a session. */
function currentUserToken(): string | undefined {
  const session = getSession();
  return session.kind === 'user' ? validAccessToken(session) : undefined;
}

/**
 * The default sink: small batches to POST /api/v1/analytics/events, sent after a short delay, when a batch is
 * full, and at once when the page is hidden. `fetch` with `keepalive` outlives the page like `sendBeacon` does
 * and, unlike a beacon, can carry the Authorization header. Failures are dropped silently: analytics is
 * best-effort and never retried, so it cannot pile up.
 */
export class ServerSink implements AnalyticsSink {
  readonly #delayMs: number;
  readonly #maxBatch: number;
  readonly #accessToken: () => string | undefined;
  #queue: AnalyticsEvent[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: ServerSinkOptions = {}) {
    this.#delayMs = options.delayMs ?? 2000;
    this.#maxBatch = Math.min(options.maxBatch ?? 20, ANALYTICS_LIMITS.batchEvents);
    this.#accessToken = options.accessToken ?? currentUserToken;
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') this.flush();
    };
    window.addEventListener('pagehide', () => this.flush());
    document.addEventListener('visibilitychange', flushWhenHidden);
  }

  enqueue(event: AnalyticsEvent): void {
    // One anonymous id per request: a new id (consent given again) starts a new batch.
    if (this.#queue.length > 0 && this.#queue[0].anonymousId !== event.anonymousId) this.flush();
    this.#queue.push(event);
    if (this.#queue.length >= this.#maxBatch) this.flush();
    else this.#timer ??= setTimeout(() => this.flush(), this.#delayMs);
  }

  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    while (this.#queue.length > 0) this.#send(this.#queue.splice(0, this.#maxBatch));
  }

  discard(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#queue = [];
  }

  #send(batch: AnalyticsEvent[]): void {
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const token = this.#accessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const body = JSON.stringify({
      anonymous_id: batch[0].anonymousId,
      events: batch.map(({ anonymousId: _id, ...event }) => event),
    });
    try {
      fetch(ANALYTICS_EVENTS_URL, { method: 'POST', headers, body, keepalive: true }).catch(() => undefined);
    } catch {
      // A browser that refuses the request (e.g. a keepalive quota) loses these events, nothing else.
    }
  }
}
