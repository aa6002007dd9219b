import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { imageEditJobs, type ImageEditJobState } from '../db/schema.ts';

export type ImageEditJobRow = typeof imageEditJobs.$inferSelect;

export async function insertEditJob(
  db: Db,
  values: Pick<
    typeof imageEditJobs.$inferInsert,
    'imageId' | 'albumId' | 'createdBy' | 'prompt' | 'streamTokenHash'
  >,
): Promise<ImageEditJobRow> {
  const [row] = await db.insert(imageEditJobs).values(values).returning();
  return row;
}

export async function findEditJob(db: Db, id: string): Promise<ImageEditJobRow | undefined> {
  // Not a uuid: no such job (and no PostgreSQL cast error).
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
  const [row] = await db.select().from(imageEditJobs).where(eq(imageEditJobs.id, id));
  return row;
}

export async function updateEditJob(
  db: Db,
  id: string,
  values: Partial<{ state: ImageEditJobState; partialImages: number; resultImageId: string; error: string }>,
): Promise<void> {
  await db
    .update(imageEditJobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(imageEditJobs.id, id));
}
