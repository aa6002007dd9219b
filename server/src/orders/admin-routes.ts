/**
 * The admin side of an order (SPEC §2 Order detail, §7 orders admin calls, issue 14, issue 21): the timeline's
 * events form, edits of details, address and line items, deleting an order, and order comments. Routes only
 * parse, authorise and call an action (actions/*.ts), which holds the rule. Admin-only, checked before the body
 * is validated: the route index registers them under `adminOnly`, everyone else gets 404 (auth/admin-only.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../http/errors.ts';
import { mailSender } from '../jobs/mail.ts';
import { signedDocumentUrl } from '../invoices/document-links.ts';
import {
  addressChangeSchema,
  errorResponses,
  lineItemChangeSchema,
  newLineItemSchema,
  newOrderCommentSchema,
  newOrderUpdateSchema,
  orderCommentChangeSchema,
  orderCommentListSchema,
  orderCommentResponseSchema,
  orderDetailsChangeSchema,
  orderResponseSchema,
} from '@stickerbook/api';
import { createStorage } from '../storage/index.ts';
import { addComment } from './actions/add-comment.ts';
import { addLineItem } from './actions/add-line-item.ts';
import { addSignal } from './actions/add-signal.ts';
import type { Actor } from './actions/actor.ts';
import { completeComment } from './actions/complete-comment.ts';
import { deleteComment } from './actions/delete-comment.ts';
import { deleteOrder } from './actions/delete-order.ts';
import { editAddress } from './actions/edit-address.ts';
import { editDetails } from './actions/edit-details.ts';
import { editLineItem } from './actions/edit-line-item.ts';
import { removeLineItem } from './actions/remove-line-item.ts';
import { requireUser } from '../auth/authenticate.ts';
import { commentView, listComments } from './comments.ts';
import { findOrder, loadOrderParts, type OrderRow } from './repository.ts';
import { requestLanguage } from '../i18n/languages.ts';
import { toOrderView } from './view.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const orderIdParams = z.object({ orderId: z.string().min(1).max(64) });
const commentParams = idParams.extend({ commentId: z.string().min(1).max(64) });

export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  const { signer } = createStorage(config);
  const linkTo = (path: string) => signedDocumentUrl(signer, path);
  const db = database.db;
  const ctx = { db };
  const mails = mailSender(database);

  async function adminOrder(id: string): Promise<OrderRow> {
    const order = await findOrder(db, id);
    if (!order) throw notFound('Order');
    return order;
  }

  function actor(request: FastifyRequest): Actor {
    const admin = requireUser(request);
    return { id: admin.id, email: admin.email, language: requestLanguage(request) };
  }

  async function answer(order: OrderRow, request: FastifyRequest) {
    const view = toOrderView(order, await loadOrderParts(db, [order]), requestLanguage(request), linkTo, {
      audience: 'staff',
    });
    return { order: view };
  }

  app.post(
    '/orders/:id/order_updates',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: newOrderUpdateSchema,
        response: { 201: orderResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const order = await adminOrder(request.params.id);
      await addSignal(
        { db, mails, publicUrl: config.publicUrl },
        {
          order,
          signal: request.body.signal,
          message: request.body.message ?? null,
          metadata: request.body.metadata ?? {},
          triggerEmail: request.body.trigger_email === true,
          userId: admin.id,
          confirm: request.body.confirm === true,
          language: requestLanguage(request),
        },
      );
      return reply.status(201).send(await answer(order, request));
    },
  );

  app.patch(
    '/orders/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: orderDetailsChangeSchema,
        response: { 200: orderResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const order = await adminOrder(request.params.id);
      const updated = await editDetails(ctx, {
        orderId: order.id,
        change: request.body,
        actor: actor(request),
      });
      return answer(updated, request);
    },
  );

  app.patch(
    '/addresses/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: addressChangeSchema,
        response: { 200: orderResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const updated = await editAddress(ctx, {
        addressId: request.params.id,
        change: request.body,
        actor: actor(request),
      });
      return answer(updated, request);
    },
  );

  app.delete(
    '/orders/:id',
    { schema: { tags: ['admin'], params: idParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteOrder(ctx, { orderId: (await adminOrder(request.params.id)).id });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/line_items/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: lineItemChangeSchema,
        response: { 200: orderResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const updated = await editLineItem(ctx, {
        lineId: request.params.id,
        change: request.body,
        actor: actor(request),
      });
      return answer(updated, request);
    },
  );

  app.post(
    '/orders/:orderId/line_items',
    {
      schema: {
        tags: ['admin'],
        params: orderIdParams,
        body: newLineItemSchema,
        response: { 201: orderResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const order = await adminOrder(request.params.orderId);
      const updated = await addLineItem(ctx, {
        orderId: order.id,
        product: request.body.product,
        quantity: request.body.quantity,
        description: request.body.description || undefined,
        actor: actor(request),
      });
      return reply.status(201).send(await answer(updated, request));
    },
  );

  app.delete(
    '/line_items/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: orderResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const updated = await removeLineItem(ctx, { lineId: request.params.id, actor: actor(request) });
      return answer(updated, request);
    },
  );

  app.get(
    '/orders/:id/comments',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: orderCommentListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const order = await adminOrder(request.params.id);
      return { comments: (await listComments(db, order.id)).map(commentView) };
    },
  );

  app.post(
    '/orders/:id/comments',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: newOrderCommentSchema,
        response: { 201: orderCommentResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const order = await adminOrder(request.params.id);
      const comment = await addComment(ctx, {
        orderId: order.id,
        content: request.body.content,
        actor: actor(request),
      });
      return reply.status(201).send({ comment: commentView(comment) });
    },
  );

  app.patch(
    '/orders/:id/comments/:commentId',
    {
      schema: {
        tags: ['admin'],
        params: commentParams,
        body: orderCommentChangeSchema,
        response: { 200: orderCommentResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const comment = await completeComment(ctx, {
        orderId: request.params.id,
        commentId: request.params.commentId,
        change: request.body,
      });
      return { comment: commentView(comment) };
    },
  );

  app.delete(
    '/orders/:id/comments/:commentId',
    { schema: { tags: ['admin'], params: commentParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      await deleteComment(ctx, { orderId: request.params.id, commentId: request.params.commentId });
      return reply.status(204).send(null);
    },
  );
};
