import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * Rotating refresh tokens: only a hash is stored; each refresh marks the old one used and issues the next in
 * the same family. Presenting a used token again revokes the whole family (it was probably stolen).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: uuid('family_id').notNull(),
    /** User id or guest id, as in the access token's `sub`. */
    subject: uuid('subject').notNull(),
    kind: text('kind', { enum: ['user', 'guest'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** PKCE verifier and nonce of an OIDC login between /auth/oidc/start and the callback. */
export const oidcLoginAttempts = pgTable('oidc_login_attempts', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull(),
  createdAt: createdAt(),
});
