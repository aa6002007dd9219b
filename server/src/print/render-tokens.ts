import { createHmac } from 'node:crypto';
import { resolveJwtSecret } from '../config/jwt-secret.ts';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

/** Long enough for a big export to load; the page fetches render_data once, right after it opens. */
const RENDER_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * Short-lived JWTs for the print route (SPEC §2 "authenticates with a render token, not login"): a render token
 * lets its bearer read exactly one album's render_data and nothing else. It is signed with a key derived from the
 * app secret for this purpose only, so it is never a valid access token (and no access token is a valid render
 * token). Finished files are downloaded through signed storage URLs (export-files.ts).
 */
export class RenderTokens {
  readonly #key: Uint8Array;

  constructor(secret: string) {
    this.#key = createHmac('sha256', secret).update('stickerbook render tokens v1').digest();
  }

  signRender(
    albumId: string,
    ttlSeconds = RENDER_TOKEN_TTL_SECONDS,
    nowSeconds = Math.floor(Date.now() / 1000),
  ): Promise<string> {
    return this.#sign('render', albumId, ttlSeconds, nowSeconds);
  }

  /** Whether the token is a live render token for this album. */
  verifyRender(token: string | undefined, albumId: string): Promise<boolean> {
    return this.#verify(token, 'render', albumId);
  }

  #sign(typ: string, subject: string, ttlSeconds: number, nowSeconds: number): Promise<string> {
    return new SignJWT({ typ })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(subject)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + ttlSeconds)
      .sign(this.#key);
  }

  async #verify(token: string | undefined, typ: string, subject: string): Promise<boolean> {
    if (!token) return false;
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      return payload.typ === typ && payload.sub === subject;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return false;
      throw error;
    }
  }
}

/** The render tokens of an app: same secret as its access tokens (JWT_SECRET or the one kept in DATA_DIR). */
export function renderTokensFor(config: { jwtSecret?: string; dataDir: string }): RenderTokens {
  return new RenderTokens(resolveJwtSecret(config.jwtSecret, config.dataDir));
}
