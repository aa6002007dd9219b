import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAt } from './columns.ts';

// Analytics (SPEC §7) ----------------------------------------------------------------------------------------------

/**
 * Product analytics kept in our own database (DESIGN.md "Outside services": the default sink). Rows arrive only
 * from browsers whose user gave analytics consent; `user_id` comes from the access token, never from the body.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A product event name, 'page' or 'identify' (packages/model analytics.ts). */
    event: text('event').notNull(),
    /** The browser's random analytics id (a first-party cookie, only with consent). */
    anonymousId: text('anonymous_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    properties: jsonb('properties').$type<Record<string, unknown>>().notNull().default({}),
    /** SPEC §7 marketing parameters (utm_*, entrypoint, ad-set) the browser kept from its landing page. */
    marketing: jsonb('marketing').$type<Record<string, string>>().notNull().default({}),
    path: text('path'),
    /** When the browser recorded it; `created_at` is when it arrived. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_event_idx').on(t.event, t.createdAt),
  ],
);
