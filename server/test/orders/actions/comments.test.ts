/**
 * The comment actions on their own (SPEC §3 Order comment): add (trimmed), complete and reopen, delete — only on
 * the order the comment belongs to — and all of it allowed on an invoiced order, where comments are not frozen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addComment } from '../../../src/orders/actions/add-comment.ts';
import { completeComment } from '../../../src/orders/actions/complete-comment.ts';
import { deleteComment } from '../../../src/orders/actions/delete-comment.ts';
import { listComments } from '../../../src/orders/comments.ts';
import { DATABASE_KINDS } from '../../helpers/test-app.ts';
import { refusal, startActions, type ActionsSetup } from './helpers.ts';

describe.each(DATABASE_KINDS)('comment actions on %s', (kind) => {
  let s: ActionsSetup;
  const ctx = () => ({ db: s.t.database.db });

  beforeAll(async () => {
    s = await startActions(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('adds, completes, reopens and deletes a comment on an invoiced order, with its author', async () => {
    const order = await s.placeOrder();
    await s.invoice(order.id);
    const comment = await addComment(ctx(), {
      orderId: order.id,
      content: '  Kunde ruft zurück  ',
      actor: s.actor(),
    });
    expect(comment).toMatchObject({ content: 'Kunde ruft zurück', completed: false, email: s.actor().email });
    const done = await completeComment(ctx(), {
      orderId: order.id,
      commentId: comment.id,
      change: { completed: true },
    });
    expect(done.completed).toBe(true);
    const reopened = await completeComment(ctx(), {
      orderId: order.id,
      commentId: comment.id,
      change: { completed: false, content: 'Kunde hat zurückgerufen' },
    });
    expect(reopened).toMatchObject({ completed: false, content: 'Kunde hat zurückgerufen' });
    await deleteComment(ctx(), { orderId: order.id, commentId: comment.id });
    expect(await listComments(s.t.database.db, order.id)).toEqual([]);
    // Comments are staff notes, not edits of the order: nothing on the timeline.
    expect(await s.changesOf(order.id)).toEqual([]);
  });

  it('answers 404 for a comment of another order', async () => {
    const [mine, other] = [await s.placeOrder(), await s.placeOrder()];
    const comment = await addComment(ctx(), { orderId: mine.id, content: 'Notiz', actor: s.actor() });
    const wrongOrder = { orderId: other.id, commentId: comment.id };
    expect(
      await refusal(completeComment(ctx(), { ...wrongOrder, change: { completed: true } })),
    ).toMatchObject({
      status: 404,
    });
    expect(await refusal(deleteComment(ctx(), wrongOrder))).toMatchObject({ status: 404 });
    expect(await listComments(s.t.database.db, mine.id)).toHaveLength(1);
  });
});
