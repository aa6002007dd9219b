/**
 * Add a staff comment to an order (SPEC §3 Order comment, §5 "a new order comment cannot be empty"): white space
 * alone is empty too. Comments are staff notes, not invoiced content: allowed on an invoiced order too.
 */
import type { Db } from '../../db/database.ts';
import { createComment, type OrderCommentRow } from '../comments.ts';
import type { Actor } from './actor.ts';

export async function addComment(
  ctx: { db: Db },
  input: { orderId: string; content: string; actor: Actor },
): Promise<OrderCommentRow> {
  return createComment(ctx.db, {
    orderId: input.orderId,
    userId: input.actor.id,
    email: input.actor.email,
    content: input.content.trim(),
  });
}
