import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * HMAC signatures for URLs the browser uses without a bearer token: the local upload route (PUT) and local file
 * reads (GET, e.g. `<img src>`). A signature covers the method, the path and every signed parameter, so a URL
 * for one file or one blob cannot be turned into another.
 */
export class UrlSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Its own key, derived from the app secret, so a URL signature is never a valid token signature.
    this.key = createHmac('sha256', secret).update('stickerbook storage urls v1').digest();
  }

  sign(method: string, path: string, params: Record<string, string>): string {
    const canonical = [
      method.toUpperCase(),
      path,
      ...Object.keys(params)
        .sort()
        .map((k) => `${k}=${params[k]}`),
    ];
    return createHmac('sha256', this.key).update(canonical.join('\n')).digest('base64url');
  }

  /** Whether `sig` signs these parameters and `exp` (unix seconds) has not passed. */
  verify(
    method: string,
    path: string,
    params: Record<string, string>,
    sig: string,
    nowMs = Date.now(),
  ): boolean {
    const exp = Number(params.exp);
    if (!Number.isFinite(exp) || exp * 1000 < nowMs) return false;
    const expected = Buffer.from(this.sign(method, path, params));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }
}

const DAY_S = 24 * 60 * 60;

/**
 * Read URLs stay the same for a whole UTC day (they expire at the end of the next day), so the browser cache
 * and the renderer's image cache keep working across API calls instead of seeing a new URL each time.
 */
export function stableExpiry(nowMs = Date.now()): { signedAt: Date; expiresAt: number } {
  const dayStart = Math.floor(nowMs / 1000 / DAY_S) * DAY_S;
  return { signedAt: new Date(dayStart * 1000), expiresAt: dayStart + 2 * DAY_S };
}
