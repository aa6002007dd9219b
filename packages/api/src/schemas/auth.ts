/**
 * Built-in accounts and guests (DESIGN.md "Accounts and roles"): sign-up, login, the guest session and the auth
 * configuration the login page reads. Answers with a user are `userSessionSchema` (shared.ts).
 */
import { z } from 'zod';
import type { userSessionSchema } from './shared.ts';

const credentialsSchema = z.strictObject({
  email: z.email().max(254),
  password: z.string().min(8).max(200),
});

/** POST /auth/signup. */
export const signUpSchema = credentialsSchema.extend({
  nickname: z.string().trim().min(1).max(50).optional(),
});

/** POST /auth/login. */
export const loginSchema = z.strictObject({ email: z.string().max(254), password: z.string().max(200) });

/** GET /auth/config: whether login goes to an external OpenID Connect provider. */
export const authConfigSchema = z.object({ oidc: z.boolean() });

/** POST /public/guest_tokens and its refresh; the refresh token comes in an HttpOnly cookie. */
export const guestSessionSchema = z.object({ access_token: z.string(), guest_id: z.string() });

/** POST /guest_user_migrations (SPEC §4): after login, the guest's albums move to the account. */
export const guestMigrationSchema = z.strictObject({
  guest_user_identifier: z.string().min(1).max(100),
  guest_access_token: z.string().min(1).max(4000),
});

/** POST /guest_user_migrations: the albums that moved. */
export const migratedAlbumsSchema = z.object({ migrated_album_ids: z.array(z.string()) });

export type UserSessionView = z.infer<typeof userSessionSchema>;
export type GuestSessionView = z.infer<typeof guestSessionSchema>;
export type AuthConfigView = z.infer<typeof authConfigSchema>;
export type GuestMigrationBody = z.input<typeof guestMigrationSchema>;
export type MigratedAlbumsView = z.infer<typeof migratedAlbumsSchema>;
