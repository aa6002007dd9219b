import { sql } from 'drizzle-orm';
import type { AlbumDocument, StickerTemplate } from '@stickerbook/model';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { stickerTemplates } from '../db/schema.ts';
import { upsertBlueprints } from '../blueprints/repository.ts';
import { loadJsonFiles } from './load-json-files.ts';

/** Enough structure to catch a wrong file; the document's own rules are the model's business. */
const documentShape = z.looseObject({
  schemaVersion: z.literal(1),
  rootId: z.string(),
  nodes: z.record(z.string(), z.looseObject({ id: z.string(), type: z.string() })),
  stickers: z.record(z.string(), z.unknown()),
  settings: z.looseObject({ colors: z.array(z.string()), fonts: z.looseObject({}) }),
});

const blueprintFileSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  blueprint_category: z.enum(['business', 'wedding', 'sports', 'birthday', 'school', 'community']),
  colors: z.array(z.string()),
  fonts: z.object({ title: z.string(), sub_title: z.string(), paragraph: z.string() }),
  images: z.array(z.unknown()).default([]),
  workspace: documentShape,
});

const stickerTemplateFileSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  rootId: z.string(),
  nodes: z.record(z.string(), z.unknown()),
});

/** Upserts every blueprint file of each folder (later folders win on equal ids). Returns the ids. */
export async function seedBlueprints(db: Db, dirs: string[]): Promise<string[]> {
  const byId = new Map<string, Parameters<typeof upsertBlueprints>[1][number]>();
  for (const dir of dirs) {
    for (const file of await loadJsonFiles(`${dir}/blueprints`, blueprintFileSchema)) {
      byId.set(file.id, {
        id: file.id,
        title: file.title,
        category: file.blueprint_category,
        colors: file.colors,
        fonts: file.fonts,
        images: file.images,
        workspace: file.workspace as unknown as AlbumDocument,
      });
    }
  }
  await upsertBlueprints(db, [...byId.values()]);
  return [...byId.keys()];
}

/** Sticker frame templates (SPEC §3, ids 595-617), in one statement. */
export async function seedStickerTemplates(db: Db, dirs: string[]): Promise<number> {
  const byId = new Map<number, StickerTemplate>();
  for (const dir of dirs) {
    for (const file of await loadJsonFiles(`${dir}/sticker-templates`, stickerTemplateFileSchema)) {
      const data = file as unknown as StickerTemplate;
      byId.set(data.id, data);
    }
  }
  if (byId.size === 0) return 0;
  await db
    .insert(stickerTemplates)
    .values([...byId.values()].map((data) => ({ id: data.id, data })))
    .onConflictDoUpdate({
      target: stickerTemplates.id,
      set: { data: sql`excluded.data` },
      setWhere: sql`${stickerTemplates.data} is distinct from excluded.data`,
    });
  return byId.size;
}
