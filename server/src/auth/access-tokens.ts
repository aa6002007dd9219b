import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** An activation link works for two weeks; the profile sends a new one on request. */
const ACTIVATION_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;

/** Who is calling: a signed-in user or a guest (DESIGN.md "Accounts and roles"). */
export type Principal =
  { kind: 'user'; id: string; email: string; roles: string[] } | { kind: 'guest'; id: string; roles: [] };

/** The album `owner_identifier` a principal's albums carry. */
export const ownerIdentifierOf = (principal: Principal) =>
  principal.kind === 'user' ? principal.id : `guest:${principal.id}`;

export const isAdmin = (principal: Principal | undefined) =>
  (principal?.roles as string[] | undefined)?.includes('admin') ?? false;

/** Verified tokens kept per instance: verifying an HS256 signature costs more than the rest of a cached read. */
const MAX_VERIFIED = 2_000;

export class AccessTokens {
  readonly #key: Uint8Array;
  /** token -> principal and expiry (ms); a token's claims never change, so only the expiry is checked again. */
  readonly #verified = new Map<string, { principal: Principal; expiresAtMs: number }>();

  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  sign(principal: Principal): Promise<string> {
    const claims =
      principal.kind === 'user'
        ? { typ: 'user', roles: principal.roles, email: principal.email }
        : { typ: 'guest', roles: [] };
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(principal.id)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.#key);
  }

  /**
   * The account activation link's token (issue 22): proves that whoever opens it reads mail sent to `email`. Its
   * own `typ`, so it never passes as an access token, and it names the address, so it dies with an e-mail change.
   */
  signActivation(user: { id: string; email: string }): Promise<string> {
    return new SignJWT({ typ: 'activate', email: user.email })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(`${ACTIVATION_TOKEN_TTL_SECONDS}s`)
      .sign(this.#key);
  }

  /** The user id and address an activation token was made for, or null when it is invalid or expired. */
  async verifyActivation(token: string): Promise<{ userId: string; email: string } | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { algorithms: ['HS256'] });
      if (payload.typ !== 'activate' || typeof payload.sub !== 'string' || typeof payload.email !== 'string')
        return null;
      return { userId: payload.sub, email: payload.email };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }

  /**
   * Returns the principal, or null when the token is invalid or expired. `maxExpiredSeconds` accepts a token
   * that expired at most that long ago: guest refresh and guest migration prove possession, not freshness.
   */
  async verify(token: string, maxExpiredSeconds = 0): Promise<Principal | null> {
    const known = maxExpiredSeconds === 0 ? this.#verified.get(token) : undefined;
    if (known && known.expiresAtMs > Date.now()) return known.principal;
    const principal = await this.#verify(token, maxExpiredSeconds);
    if (principal && maxExpiredSeconds === 0) {
      const { exp } = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as {
        exp?: number;
      };
      if (typeof exp === 'number') {
        this.#verified.delete(token);
        this.#verified.set(token, { principal, expiresAtMs: exp * 1000 });
        if (this.#verified.size > MAX_VERIFIED) this.#verified.delete(this.#verified.keys().next().value!);
      }
    }
    return principal;
  }

  async #verify(token: string, maxExpiredSeconds: number): Promise<Principal | null> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ['HS256'],
        clockTolerance: maxExpiredSeconds,
      });
      if (typeof payload.sub !== 'string') return null;
      if (payload.typ === 'guest') return { kind: 'guest', id: payload.sub, roles: [] };
      if (payload.typ === 'user' && typeof payload.email === 'string') {
        const roles = Array.isArray(payload.roles)
          ? payload.roles.filter((r): r is string => typeof r === 'string')
          : [];
        return { kind: 'user', id: payload.sub, email: payload.email, roles };
      }
      return null;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return null;
      throw error;
    }
  }
}
