/** Delete a staff comment of the order in the path (SPEC §7 DELETE /orders/{id}/comments/{commentId}). */
import type { Db } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { deleteComment as deleteCommentRow, findComment } from '../comments.ts';

export async function deleteComment(
  ctx: { db: Db },
  input: { orderId: string; commentId: string },
): Promise<void> {
  const comment = await findComment(ctx.db, input.orderId, input.commentId);
  if (!comment) throw notFound('Comment');
  await deleteCommentRow(ctx.db, comment.id);
}
