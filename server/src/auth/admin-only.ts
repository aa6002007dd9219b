import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isAdmin } from './access-tokens.ts';
import { notFound } from '../http/errors.ts';

/**
 * The back office is admin-only (SPEC §6). Everyone else — anonymous, guest, customer, collaborator — gets the
 * same 404 a route that does not exist gives, so the back office does not even show that it is there.
 *
 * It is a `preValidation` hook: it runs before the body is validated, so a non-admin gets 404 for a bad body too,
 * and never learns from a 400 which fields a back-office route takes.
 */
async function refuseAllButAdmins(request: FastifyRequest): Promise<void> {
  const principal = request.principal;
  if (principal?.kind !== 'user' || !isAdmin(principal)) throw notFound();
}

/**
 * The back office's route plugins in one encapsulated context whose hook (above) guards every route in it, so no
 * handler checks by hand. The route index registers the admin plugins through this; a handler that needs the
 * admin's id takes it from `requireUser`, which the hook has already made an admin.
 */
export function adminOnly(...plugins: FastifyPluginAsyncZod[]): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preValidation', refuseAllButAdmins);
    for (const plugin of plugins) await app.register(plugin);
  };
}

/**
 * The same guard for a route that also answers a signed link (a PDF opened in a new tab carries no bearer token):
 * the request passes when `signed` says so, else only an admin does.
 */
export function adminUnless(signed: (request: FastifyRequest) => boolean) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!signed(request)) await refuseAllButAdmins(request);
  };
}
