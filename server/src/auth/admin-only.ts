import type { FastifyRequest } from 'fastify';
import { isAdmin, type Principal } from './access-tokens.ts';
import { notFound } from '../http/errors.ts';

/**
 * The back office is admin-only (SPEC §6). Everyone else — anonymous, guest, customer, collaborator — gets the
 * same 404 a route that does not exist gives, so the back office does not even show that it is there.
 */
export function requireAdmin(request: FastifyRequest): Extract<Principal, { kind: 'user' }> {
  const principal = request.principal;
  if (principal?.kind !== 'user' || !isAdmin(principal)) throw notFound();
  return principal;
}

/**
 * The same check as a `preValidation` hook: it runs before the body is validated, so a non-admin gets 404 for a
 * bad body too, and never learns from a 400 which fields a back-office route takes.
 */
export async function adminOnly(request: FastifyRequest): Promise<void> {
  requireAdmin(request);
}
