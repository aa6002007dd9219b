import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { stockPhotos } from '../../db/schema.ts';

export type StockPhotoRow = typeof stockPhotos.$inferSelect;

/** `%word%` with the LIKE wildcards of the word escaped, so a search for '100%' finds '100%', not everything. */
const containing = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Every word of the query must appear in the title, the photographer or one of the tags (case-insensitive), so
 * 'office team' finds a photo tagged office and team.
 */
function matchAllWords(query: string): SQL | undefined {
  const words = query.trim().split(/\s+/).filter(Boolean).slice(0, 8);
  return and(
    ...words.map((word) =>
      or(
        ilike(stockPhotos.title, containing(word)),
        ilike(stockPhotos.photographer, containing(word)),
        ilike(stockPhotos.alt, containing(word)),
        ilike(sql`array_to_string(${stockPhotos.tags}, ' ')`, containing(word)),
      ),
    ),
  );
}

export async function searchLibrary(
  db: Db,
  query: string,
  limit: number,
  offset: number,
): Promise<{ rows: StockPhotoRow[]; total: number }> {
  const where = matchAllWords(query);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(stockPhotos)
      .where(where)
      .orderBy(desc(stockPhotos.createdAt), desc(stockPhotos.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(stockPhotos).where(where),
  ]);
  return { rows, total: Number(total) };
}

export async function findLibraryPhoto(db: Db, id: number): Promise<StockPhotoRow | undefined> {
  const [row] = await db.select().from(stockPhotos).where(eq(stockPhotos.id, id));
  return row;
}

export async function insertLibraryPhoto(
  db: Db,
  values: Omit<typeof stockPhotos.$inferInsert, 'id' | 'createdAt'>,
): Promise<StockPhotoRow> {
  const [row] = await db.insert(stockPhotos).values(values).returning();
  return row;
}

export async function deleteLibraryPhoto(db: Db, id: number): Promise<StockPhotoRow | undefined> {
  const [row] = await db.delete(stockPhotos).where(eq(stockPhotos.id, id)).returning();
  return row;
}
