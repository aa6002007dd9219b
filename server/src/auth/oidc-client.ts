import * as client from 'openid-client';
import type { Config } from '../config/index.ts';

type OidcConfig = NonNullable<Config['oidc']>;

/** SPEC §6: the external provider grants this scope so tokens may manage the user's albums. */
const OIDC_SCOPE = 'openid email profile manage:current_user_albums';

/** Plain http is only acceptable for a provider on this machine (tests, local Keycloak). */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * The provider's metadata, discovered once on first use (not at start-up, so the API still starts when the
 * provider is down; the next login attempt retries).
 */
export class OidcClient {
  #configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly settings: OidcConfig,
    readonly redirectUri: string,
  ) {}

  get roleClaim(): string {
    return this.settings.roleClaim;
  }

  configuration(): Promise<client.Configuration> {
    if (!this.#configuration) {
      const issuer = new URL(this.settings.issuer);
      this.#configuration = client
        .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
          execute: isLoopback(issuer) ? [client.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          this.#configuration = undefined;
          throw error;
        });
    }
    return this.#configuration;
  }

  async authorizationUrl(state: string, nonce: string, codeVerifier: string): Promise<URL> {
    return client.buildAuthorizationUrl(await this.configuration(), {
      redirect_uri: this.redirectUri,
      scope: OIDC_SCOPE,
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  /** Exchanges the code and returns the ID token claims merged with the userinfo claims. */
  async claims(callbackQuery: string, checks: { state: string; nonce: string; codeVerifier: string }) {
    const configuration = await this.configuration();
    const currentUrl = new URL(`${this.redirectUri}?${callbackQuery}`);
    const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
    });
    const idClaims = tokens.claims();
    if (!idClaims) throw new Error('The provider returned no ID token');
    const userInfo = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
    return { ...userInfo, ...idClaims } as Record<string, unknown> & { sub: string };
  }
}
