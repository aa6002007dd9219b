import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { blueprints } from '../db/schema.ts';

export type BlueprintRow = typeof blueprints.$inferSelect;

export async function listBlueprints(db: Db, query?: string): Promise<BlueprintRow[]> {
  // Escape LIKE wildcards so a search for '50%' means the text, not a pattern.
  const pattern = query ? `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  return db
    .select()
    .from(blueprints)
    .where(pattern ? or(ilike(blueprints.title, pattern), ilike(blueprints.category, pattern)) : undefined)
    .orderBy(asc(blueprints.category), asc(blueprints.title));
}

export async function findBlueprint(db: Db, id: string): Promise<BlueprintRow | undefined> {
  const [row] = await db.select().from(blueprints).where(eq(blueprints.id, id));
  return row;
}

export async function hasBlueprints(db: Db): Promise<boolean> {
  const rows = await db.select({ id: blueprints.id }).from(blueprints).limit(1);
  return rows.length > 0;
}

/** Inserts or updates blueprints in one statement (start-up runs this on every start, so it must be cheap). */
export async function upsertBlueprints(
  db: Db,
  rows: Array<Omit<typeof blueprints.$inferInsert, 'updatedAt'>>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(blueprints)
    .values(rows)
    .onConflictDoUpdate({
      target: blueprints.id,
      set: {
        title: sql`excluded.title`,
        category: sql`excluded.category`,
        workspace: sql`excluded.workspace`,
        colors: sql`excluded.colors`,
        fonts: sql`excluded.fonts`,
        images: sql`excluded.images`,
        updatedAt: new Date(),
      },
      // Unchanged seeds leave the row (and its updated_at) alone.
      setWhere: sql`(${blueprints.title}, ${blueprints.category}, ${blueprints.workspace}, ${blueprints.colors}, ${blueprints.fonts}, ${blueprints.images}) is distinct from (excluded.title, excluded.category, excluded.workspace, excluded.colors, excluded.fonts, excluded.images)`,
    });
}
