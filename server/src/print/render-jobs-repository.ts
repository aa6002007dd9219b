import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { renderJobs, type RenderJobParams, type RenderJobSettings } from '../db/schema.ts';

export type RenderJobRow = typeof renderJobs.$inferSelect;

export async function insertRenderJob(
  db: Db,
  values: { albumId: string; createdBy: string; params: RenderJobParams; settings: RenderJobSettings },
): Promise<RenderJobRow> {
  const [row] = await db.insert(renderJobs).values(values).returning();
  return row;
}

export function listRenderJobs(db: Db, albumId: string): Promise<RenderJobRow[]> {
  return db
    .select()
    .from(renderJobs)
    .where(eq(renderJobs.albumId, albumId))
    .orderBy(desc(renderJobs.createdAt));
}

export async function findRenderJob(db: Db, id: string): Promise<RenderJobRow | undefined> {
  const [row] = await db.select().from(renderJobs).where(eq(renderJobs.id, id));
  return row;
}

export async function deleteRenderJob(db: Db, id: string): Promise<RenderJobRow | undefined> {
  const [row] = await db.delete(renderJobs).where(eq(renderJobs.id, id)).returning();
  return row;
}

/** A worker picks the job up (again, after a crash): undefined when it was deleted meanwhile. */
export async function markRenderJobWorking(db: Db, id: string): Promise<RenderJobRow | undefined> {
  const [row] = await db
    .update(renderJobs)
    .set({
      state: 'working',
      progress: 0,
      pagesDone: 0,
      error: null,
      attempts: sql`${renderJobs.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(renderJobs.id, id))
    .returning();
  return row;
}

/** Returns false when the job is gone (deleted while it ran), so the worker can stop early. */
export async function updateRenderJobProgress(
  db: Db,
  id: string,
  values: { progress: number; pagesDone?: number; pagesTotal?: number },
): Promise<boolean> {
  const rows = await db
    .update(renderJobs)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(renderJobs.id, id), eq(renderJobs.state, 'working')))
    .returning({ id: renderJobs.id });
  return rows.length > 0;
}

export async function markRenderJobFinished(
  db: Db,
  id: string,
  file: { fileKey: string; fileName: string; fileSize: number; contentType: string; pagesTotal: number },
): Promise<boolean> {
  const rows = await db
    .update(renderJobs)
    .set({
      ...file,
      state: 'finished',
      progress: 100,
      pagesDone: file.pagesTotal,
      updatedAt: sql`now()`,
      finishedAt: sql`now()`,
    })
    .where(eq(renderJobs.id, id))
    .returning({ id: renderJobs.id });
  return rows.length > 0;
}

/** A failed attempt: back to queued while pg-boss will retry it, error when it will not. */
export async function markRenderJobFailed(db: Db, id: string, error: string, final: boolean): Promise<void> {
  await db
    .update(renderJobs)
    .set({
      state: final ? 'error' : 'queued',
      error: error.slice(0, 1000),
      updatedAt: sql`now()`,
      finishedAt: final ? sql`now()` : null,
    })
    .where(eq(renderJobs.id, id));
}
