/**
 * Complete (or reopen) a staff comment, or correct its text (SPEC §7 PATCH /orders/{id}/comments/{commentId}).
 * The comment must belong to the order in the path; anything else is 404, so ids of other orders do not leak.
 */
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { findComment, updateComment, type OrderCommentRow } from '../comments.ts';

export async function completeComment(
  ctx: { db: Db },
  input: { orderId: string; commentId: string; change: { completed?: boolean; content?: string } },
): Promise<OrderCommentRow> {
  const comment = await findComment(ctx.db, input.orderId, input.commentId);
  if (!comment) throw notFound('Comment');
  return (await updateComment(ctx.db, comment.id, input.change)) ?? comment;
}
