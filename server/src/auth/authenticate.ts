import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors.ts';
import type { AccessTokens, Principal } from './access-tokens.ts';
import type { LiveAccounts } from './live-accounts.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set from a valid `Authorization: Bearer` token; undefined for anonymous calls. */
    principal: Principal | undefined;
  }
}

/**
 * Reads the bearer token on every request. A missing or invalid token leaves the request anonymous, and so does
 * the token of a deleted account (issue 24: logged out everywhere); routes that need someone call
 * `requirePrincipal`/`requireUser`, which answer 401 (the web then logs out).
 */
export function registerAuthentication(
  app: FastifyInstance,
  tokens: AccessTokens,
  accounts: LiveAccounts,
): void {
  app.decorateRequest('principal', undefined);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const principal = await tokens.verify(header.slice('Bearer '.length).trim());
    if (principal?.kind === 'user' && !(await accounts.exists(principal.id))) return;
    request.principal = principal ?? undefined;
  });
}

export function requirePrincipal(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized();
  return request.principal;
}

export function requireUser(request: FastifyRequest): Extract<Principal, { kind: 'user' }> {
  const principal = request.principal;
  if (principal?.kind !== 'user') throw unauthorized('This needs a signed-in account');
  return principal;
}
