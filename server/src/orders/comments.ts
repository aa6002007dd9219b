/**
 * Order comments (SPEC §3 Order comment, §5 "new order comment cannot be empty", §6 admin): staff notes on an
 * order. Any admin writes them; only the author or an admin edits or deletes one — the back office is admin-only,
 * so in practice every admin may, and the author check keeps working if staff roles are split later.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { orderComments } from '../db/schema.ts';

export type OrderCommentRow = typeof orderComments.$inferSelect;

export const commentView = (row: OrderCommentRow) => ({
  id: row.id,
  order_id: row.orderId,
  content: row.content,
  completed: row.completed,
  email: row.email,
  created_at: row.createdAt.toISOString(),
});

export async function listComments(db: Db, orderId: string): Promise<OrderCommentRow[]> {
  return db
    .select()
    .from(orderComments)
    .where(eq(orderComments.orderId, orderId))
    .orderBy(asc(orderComments.createdAt));
}

export async function createComment(
  db: Db,
  input: { orderId: string; userId: string; email: string; content: string },
): Promise<OrderCommentRow> {
  const [row] = await db.insert(orderComments).values(input).returning();
  return row!;
}

export async function findComment(db: Db, orderId: string, id: string): Promise<OrderCommentRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [row] = await db
    .select()
    .from(orderComments)
    .where(and(eq(orderComments.orderId, orderId), eq(orderComments.id, id)));
  return row;
}

export async function updateComment(
  db: Db,
  id: string,
  change: { content?: string; completed?: boolean },
): Promise<OrderCommentRow | undefined> {
  const [row] = await db.update(orderComments).set(change).where(eq(orderComments.id, id)).returning();
  return row;
}

export async function deleteComment(db: Db, id: string): Promise<void> {
  await db.delete(orderComments).where(eq(orderComments.id, id));
}
