/**
 * The admin side of an order (SPEC §2 Order detail, §7 orders admin calls, issue 14): the timeline's events form,
 * order comments, edits of details and shipping address, and deleting an order. Admin-only: everyone else gets
 * 404 (admin-access.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../http/errors.ts';
import { mailSender } from '../invitations/mail.ts';
import { findOrder, loadOrderParts, type OrderRow } from './repository.ts';
import { languageOf, requestLanguage, STAFF_SIGNALS } from './texts.ts';
import { orderName, orderSchema, toOrderView } from './view.ts';
import { errorResponses } from '../routes/schemas.ts';
import { signedDocumentUrl } from '../invoices/document-links.ts';
import { createStorage } from '../storage/index.ts';
import { requireAdmin } from './admin-access.ts';
import {
  commentView,
  createComment,
  deleteComment,
  findComment,
  listComments,
  updateComment,
} from './comments.ts';
import { addStaffUpdate, deleteOrder, updateAddress, updateOrderDetails } from './admin-repository.ts';
import { trackingUrl } from './tracking.ts';
import { lineItemRoutes } from './line-item-routes.ts';
import { orderUpdateMail } from './update-mail.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const commentParams = idParams.extend({ commentId: z.string().min(1).max(64) });

const commentSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  content: z.string(),
  completed: z.boolean(),
  email: z.string(),
  created_at: z.string(),
});

/** SPEC §5: a new comment cannot be empty; white space alone is empty too. */
const commentContent = z.string().trim().min(1).max(5000);

export const orderAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  const { signer } = createStorage(config);
  const linkTo = (path: string) => signedDocumentUrl(signer, path);
  const db = database.db;
  const mails = mailSender(database);
  await app.register(lineItemRoutes);

  async function adminOrder(id: string): Promise<OrderRow> {
    const order = await findOrder(db, id);
    if (!order) throw notFound('Order');
    return order;
  }

  async function orderView(order: OrderRow, language: ReturnType<typeof requestLanguage>) {
    return toOrderView(order, await loadOrderParts(db, [order]), language, linkTo);
  }

  app.post(
    '/orders/:id/order_updates',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: z.strictObject({
          signal: z.enum(STAFF_SIGNALS),
          message: z.string().trim().max(2000).nullable().optional(),
          metadata: z
            .strictObject({
              tracking_code: z.string().trim().max(100).optional(),
              dhl_tracking_code: z.string().trim().max(100).optional(),
            })
            .optional(),
          trigger_email: z.boolean().optional(),
        }),
        response: { 201: z.object({ order: orderSchema }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const order = await adminOrder(request.params.id);
      const metadata = Object.fromEntries(
        Object.entries(request.body.metadata ?? {}).filter(
          ([, value]) => value !== undefined && value !== '',
        ),
      );
      const added = await addStaffUpdate(db, {
        orderId: order.id,
        signal: request.body.signal,
        message: request.body.message ?? null,
        metadata,
        userId: admin.id,
      });
      // SPEC §4: a signal already on the timeline is not offered again, and a second request cannot add it.
      if (!added) throw new AppError(409, 'SIGNAL_ALREADY_PRESENT', 'This signal is already on the timeline');
      if (request.body.trigger_email) {
        const parts = await loadOrderParts(db, [order]);
        const album = order.albumId ? parts.albums.get(order.albumId) : undefined;
        await mails.send(
          orderUpdateMail({
            to: order.email,
            language: languageOf(album?.language ?? order.language),
            orderName: orderName(order.number),
            orderUrl: `${config.publicUrl}/orders/${order.id}`,
            signal: request.body.signal,
            message: request.body.message ?? null,
            trackingUrl: trackingUrl(metadata),
          }),
        );
      }
      return reply.status(201).send({ order: await orderView(order, requestLanguage(request)) });
    },
  );

  app.patch(
    '/orders/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: z.strictObject({
          email: z.email().max(320).optional(),
          comment: z.string().max(1000).nullable().optional(),
          phone: z.string().max(40).nullable().optional(),
        }),
        response: { 200: z.object({ order: orderSchema }), ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
      const order = await adminOrder(request.params.id);
      const updated = await updateOrderDetails(db, order.id, request.body);
      return { order: await orderView(updated ?? order, requestLanguage(request)) };
    },
  );

  app.patch(
    '/addresses/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: z.strictObject({
          organization: z.string().trim().max(200).nullable().optional(),
          first_name: z.string().trim().min(1).max(100).optional(),
          last_name: z.string().trim().min(1).max(100).optional(),
          address1: z.string().trim().min(1).max(200).optional(),
          address2: z.string().trim().max(200).nullable().optional(),
          zip_code: z.string().trim().min(1).max(20).optional(),
          city: z.string().trim().min(1).max(100).optional(),
          country_code: z
            .string()
            .regex(/^[A-Z]{2}$/)
            .optional(),
          phone: z.string().max(40).nullable().optional(),
        }),
        response: { 200: z.object({ order: orderSchema }), ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
      const orderId = await updateAddress(db, request.params.id, request.body);
      if (!orderId) throw notFound('Address');
      return { order: await orderView(await adminOrder(orderId), requestLanguage(request)) };
    },
  );

  app.delete(
    '/orders/:id',
    { schema: { tags: ['admin'], params: idParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      requireAdmin(request);
      const order = await adminOrder(request.params.id);
      // GoBD: an issued invoice is kept for ten years, and with it the order it bills; a credit note corrects it.
      if ((await loadOrderParts(db, [order])).invoices?.has(order.id)) {
        throw new AppError(
          409,
          'ORDER_HAS_INVOICE',
          'An invoiced order cannot be deleted; issue a credit note instead',
        );
      }
      await deleteOrder(db, order);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/orders/:id/comments',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: z.object({ comments: z.array(commentSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
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
        body: z.strictObject({ content: commentContent }),
        response: { 201: z.object({ comment: commentSchema }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const order = await adminOrder(request.params.id);
      const comment = await createComment(db, {
        orderId: order.id,
        userId: admin.id,
        email: admin.email,
        content: request.body.content,
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
        body: z.strictObject({ content: commentContent.optional(), completed: z.boolean().optional() }),
        response: { 200: z.object({ comment: commentSchema }), ...errorResponses },
      },
    },
    async (request) => {
      requireAdmin(request);
      const comment = await findComment(db, request.params.id, request.params.commentId);
      if (!comment) throw notFound('Comment');
      const updated = await updateComment(db, comment.id, request.body);
      return { comment: commentView(updated ?? comment) };
    },
  );

  app.delete(
    '/orders/:id/comments/:commentId',
    { schema: { tags: ['admin'], params: commentParams, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      requireAdmin(request);
      const comment = await findComment(db, request.params.id, request.params.commentId);
      if (!comment) throw notFound('Comment');
      await deleteComment(db, comment.id);
      return reply.status(204).send(null);
    },
  );
};
