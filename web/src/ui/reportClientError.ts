import { getSession, validAccessToken } from '../auth/session.ts';

export const CLIENT_ERRORS_URL = '/api/v1/client_errors';

/** The server's limits (server/src/ops/client-errors.ts); longer texts are cut here so a report is never refused. */
const LIMITS = { message: 2000, stack: 16_000, url: 2000, userAgent: 500, release: 100 };

/** Set at build time (`VITE_RELEASE=<git sha> npm run build`) so a report names the code it came from. */
const RELEASE: string | undefined = import.meta.env.VITE_RELEASE || undefined;

/**
 * Tells the team about a crash (SPEC §8 "Error boundary: team informed"): one POST with the error and where it
 * happened; the server writes it to its log at error level. Fire and forget: it never throws and never waits,
 * because it runs while the app is already broken. The session's token goes along when it is still valid (no
 * refresh here), so the server knows whom it happened to.
 */
export function reportClientError(error: unknown): void {
  try {
    const message = (error instanceof Error ? error.message : String(error)) || 'Unknown error';
    const stack = error instanceof Error ? error.stack : undefined;
    const body = {
      message: message.slice(0, LIMITS.message),
      ...(stack ? { stack: stack.slice(0, LIMITS.stack) } : {}),
      url: window.location.href.slice(0, LIMITS.url),
      user_agent: navigator.userAgent.slice(0, LIMITS.userAgent),
      ...(RELEASE ? { release: RELEASE.slice(0, LIMITS.release) } : {}),
    };
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    const token = validAccessToken(getSession());
    if (token) headers.Authorization = `Bearer ${token}`;
    // keepalive: the report still leaves when the user reloads at once from the crash screen.
    fetch(CLIENT_ERRORS_URL, { method: 'POST', headers, body: JSON.stringify(body), keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // Reporting must never make a crash worse.
  }
}
