import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { analyticsEvents } from '../../db/schema.ts';

export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEvent = typeof analyticsEvents.$inferInsert;

export async function insertAnalyticsEvents(db: Db, rows: NewAnalyticsEvent[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(analyticsEvents).values(rows);
}

/** Newest first; for the admin listing and tests. */
export async function listRecentAnalyticsEvents(
  db: Db,
  options: { limit: number; event?: string },
): Promise<AnalyticsEventRow[]> {
  return db
    .select()
    .from(analyticsEvents)
    .where(options.event ? eq(analyticsEvents.event, options.event) : undefined)
    .orderBy(desc(analyticsEvents.createdAt), desc(analyticsEvents.occurredAt))
    .limit(options.limit);
}
