import type { StickerTemplate } from '@stickerbook/model';
import { integer, jsonb, pgTable } from 'drizzle-orm/pg-core';

export const stickerTemplates = pgTable('sticker_templates', {
  id: integer('id').primaryKey(),
  data: jsonb('data').$type<StickerTemplate>().notNull(),
});
