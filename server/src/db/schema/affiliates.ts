import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

// Affiliates (issue 14) --------------------------------------------------------------------------------------------

/**
 * A partner account. `url_token` is the secret of the partner's statistics page (/affiliate?token=…); `url_source`
 * is the public value of `utm_source` in the links the partner shares, so a shared link never reveals the token.
 */
export const affiliates = pgTable('affiliates', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  urlToken: text('url_token').notNull().unique(),
  urlSource: text('url_source').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * An album created by a visitor who came through a partner link (album conversion), with the marketing parameters
 * of that visit. Orders are credited at read time by joining `orders.album_id`, so ordering needs no hook. No
 * foreign key to albums: a deleted album stays a conversion that happened.
 */
export const affiliateAlbums = pgTable(
  'affiliate_albums',
  {
    albumId: text('album_id').primaryKey(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => affiliates.id, { onDelete: 'cascade' }),
    marketing: jsonb('marketing').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('affiliate_albums_affiliate_created_idx').on(t.affiliateId, t.createdAt)],
);
