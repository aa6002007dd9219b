import type { AlbumDocument } from '@stickerbook/model';
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const blueprints = pgTable('blueprints', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  category: text('category').notNull(),
  workspace: jsonb('workspace').$type<AlbumDocument>().notNull(),
  colors: jsonb('colors').$type<string[]>().notNull(),
  fonts: jsonb('fonts').$type<AlbumDocument['settings']['fonts']>().notNull(),
  images: jsonb('images').$type<unknown[]>().notNull().default([]),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
