import { createHmac, randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { AppError } from '../http/errors.ts';

/** How long a contributor can come back to what they sent (SPEC §2 "A session token is kept in local storage"). */
const CONTRIBUTOR_SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

export type ContributorSessionCheck =
  | { ok: true; sessionId: string }
  | { ok: false; code: 'CONTRIBUTOR_SESSION_INVALID' | 'CONTRIBUTOR_SESSION_EXPIRED' };

/**
 * The contributor's session on one sticker link: a token (HS256, signed with a key derived from the app's JWT
 * secret, so it can never pass as an access token) naming the link's album and a random session id. The server
 * issues it with the first submission; it is the only thing that lets a browser see and replace its uploads.
 */
export class ContributorSessions {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = createHmac('sha256', secret).update('sticker-link contributor session').digest();
  }

  static newSessionId(): string {
    return randomBytes(18).toString('base64url');
  }

  issue(albumId: string, sessionId: string, ttlSeconds = CONTRIBUTOR_SESSION_TTL_SECONDS): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ typ: 'sticker_contributor', alb: albumId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sessionId)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.#key);
  }

  async check(token: string, albumId: string): Promise<ContributorSessionCheck> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      if (payload.typ !== 'sticker_contributor' || payload.alb !== albumId || typeof payload.sub !== 'string')
        return { ok: false, code: 'CONTRIBUTOR_SESSION_INVALID' };
      return { ok: true, sessionId: payload.sub };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, code: 'CONTRIBUTOR_SESSION_EXPIRED' };
      if (error instanceof joseErrors.JOSEError) return { ok: false, code: 'CONTRIBUTOR_SESSION_INVALID' };
      throw error;
    }
  }

  /** The session id of a request's `Authorization: Bearer` token, or the 401 the contributor's page translates. */
  async require(authorization: string | undefined, albumId: string): Promise<string> {
    if (!authorization?.startsWith('Bearer ')) {
      throw new AppError(401, 'CONTRIBUTOR_SESSION_MISSING', 'This needs the session of the photos you sent');
    }
    const result = await this.check(authorization.slice('Bearer '.length).trim(), albumId);
    if (result.ok) return result.sessionId;
    throw new AppError(
      401,
      result.code,
      result.code === 'CONTRIBUTOR_SESSION_EXPIRED'
        ? 'Your session has expired'
        : 'Your session is not valid for this link',
    );
  }
}
