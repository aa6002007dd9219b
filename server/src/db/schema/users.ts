import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const users = pgTable('users', {
  /** Also the JWT `sub` and the album `owner_identifier` of the user's albums. */
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  /** scrypt, see auth/passwords.ts; null for accounts that only log in through OIDC. */
  passwordHash: text('password_hash'),
  oidcSubject: text('oidc_subject').unique(),
  nickname: text('nickname'),
  picture: text('picture'),
  roles: text('roles')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  locale: text('locale'),
  cookieConsent: jsonb('cookie_consent'),
  activatedAt: timestamp('activated_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const guests = pgTable('guests', {
  id: uuid('id').primaryKey().defaultRandom(),
  createdAt: createdAt(),
});

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** User id or 'guest:<guest id>', moved with the albums on guest migration. */
    ownerIdentifier: text('owner_identifier').notNull(),
    name: text('name').notNull(),
    size: text('size', { enum: ['1-150', '151-200', '201-1000', '1000+'] }).notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    contactRole: text('contact_role', { enum: ['member', 'lead', 'senior', 'executive'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('organizations_owner_idx').on(t.ownerIdentifier)],
);
