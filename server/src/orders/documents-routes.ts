/**
 * The documents of an order for the back office (issue 14, SPEC §7): delivery note, the print partner's order
 * JSON and the SFTP transfer. Admin-only: everyone else gets 404 (admin-access.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../http/errors.ts';
import { hasDocumentSignature, orderDocumentPath } from '../invoices/document-links.ts';
import { documentLanguage } from '../invoices/order-invoice-data.ts';
import { randomUUID } from 'node:crypto';
import { orderUpdates } from '../db/schema.ts';
import { jobSender } from '../jobs/sender.ts';
import { transferArtifact } from '../print-partner/sftp-transfer.ts';
import { createStorage } from '../storage/index.ts';
import { findOrder, loadOrderParts, type OrderRow } from './repository.ts';
import { translated } from './texts.ts';
import { orderName } from './view.ts';
import { errorResponses } from '../routes/schemas.ts';
import { requireAdmin } from './admin-access.ts';
import { buildDeliveryNotePdf } from './delivery-note.ts';
import {
  artifactState,
  ORDER_ARTIFACT_QUEUE,
  ORDER_ARTIFACT_QUEUE_OPTIONS,
  recordExportStarted,
} from './artifact-export.ts';
import { esvecoJson } from './esveco-json.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const orderDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  const db = database.db;
  const { signer, storage } = createStorage(config);

  async function adminOrder(id: string): Promise<OrderRow> {
    const order = await findOrder(db, id);
    if (!order) throw notFound('Order');
    return order;
  }

  app.get(
    '/orders/:id/delivery_note',
    { schema: { tags: ['admin'], params: idParams } },
    async (request, reply) => {
      // A new tab carries no bearer token: the signed link from GET /orders/{id}/documents stands in for it.
      const path = orderDocumentPath(request.params.id, 'delivery_note');
      if (!hasDocumentSignature(signer, path, request.query)) requireAdmin(request);
      const order = await adminOrder(request.params.id);
      const parts = await loadOrderParts(db, [order]);
      const address = parts.addresses.get(order.id);
      if (!address)
        throw new AppError(422, 'DELIVERY_NOTE_DATA_INVALID', 'The order has no shipping address');
      const language = documentLanguage(order);
      const pdf = await buildDeliveryNotePdf({
        orderNumber: orderName(order.number),
        date: new Date().toISOString().slice(0, 10),
        language,
        sender: { name: config.seller.name, address: config.seller.address },
        shippingAddress: {
          organization: address.organization ?? undefined,
          name: `${address.firstName} ${address.lastName}`,
          line1: address.address1,
          line2: address.address2 ?? undefined,
          postCode: address.zipCode,
          city: address.city,
          countryCode: address.countryCode,
          phone: address.phone ?? undefined,
        },
        lines: (parts.lineItems.get(order.id) ?? []).map((item) => ({
          title: translated(item.titles, language),
          description: translated(item.descriptions, language) || undefined,
          quantity: item.quantity,
        })),
        note: order.comment ?? undefined,
      });
      // Inline: the web opens this in a new tab, where the browser's PDF viewer shows and prints it.
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${orderName(order.number)}-delivery-note.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/orders/:id/esveco_json',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      const order = await adminOrder(request.params.id);
      const json = await esvecoJson(db, order);
      return reply
        .header('content-disposition', `attachment; filename="${orderName(order.number)}.json"`)
        .send(json);
    },
  );

  const artifactSchema = z.object({
    state: z.enum(['none', 'working', 'finished', 'error']),
    progress: z.number().int(),
    blob_url: z.string().nullable(),
    byte_size: z.number().int().nullable(),
    sha256: z.string().nullable(),
    error: z.string().nullable(),
  });

  async function artifactView(orderId: string) {
    const state = await artifactState(db, orderId);
    return {
      state: state.state,
      progress: state.progress,
      blob_url: state.key ? await storage.readUrl(state.key, 'application/zip') : null,
      byte_size: state.byteSize,
      sha256: state.sha256,
      error: state.error,
    };
  }

  app.get(
    '/orders/:id/esveco_artifact',
    { schema: { tags: ['admin'], params: idParams, response: { 200: artifactSchema, ...errorResponses } } },
    async (request) => {
      requireAdmin(request);
      return artifactView((await adminOrder(request.params.id)).id);
    },
  );

  app.post(
    '/orders/:id/esveco_artifact',
    { schema: { tags: ['admin'], params: idParams, response: { 202: artifactSchema, ...errorResponses } } },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const order = await adminOrder(request.params.id);
      if (!order.albumId) throw new AppError(409, 'ORDER_HAS_NO_ALBUM', 'The order has no album to export');
      if ((await artifactState(db, order.id)).state === 'working') {
        throw new AppError(409, 'EXPORT_RUNNING', 'An export of this order is already running');
      }
      const job = { orderId: order.id, exportId: randomUUID(), userId: admin.id };
      await recordExportStarted(db, job);
      await jobSender(database).send(
        ORDER_ARTIFACT_QUEUE,
        job,
        ORDER_ARTIFACT_QUEUE_OPTIONS,
        ORDER_ARTIFACT_QUEUE_OPTIONS,
      );
      return reply.status(202).send(await artifactView(order.id));
    },
  );

  app.post(
    '/orders/:id/transfer',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: {
          200: z.object({ remote_path: z.string(), byte_size: z.number().int() }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const order = await adminOrder(request.params.id);
      if (!config.printPartner) {
        throw new AppError(
          409,
          'PRINT_PARTNER_NOT_CONFIGURED',
          'Set PRINT_PARTNER_SFTP_URL and PRINT_PARTNER_SFTP_KEY to transfer orders to the print partner',
        );
      }
      const artifact = await artifactState(db, order.id);
      if (artifact.state !== 'finished' || !artifact.key || !artifact.sha256 || artifact.byteSize === null) {
        throw new AppError(409, 'ARTIFACT_NOT_READY', 'Export the print files before transferring them');
      }
      const key = artifact.key;
      const record = (signal: string, metadata: Record<string, unknown>) =>
        db.insert(orderUpdates).values({ orderId: order.id, signal, userId: admin.id, metadata });
      await record('transfer_started', { export_id: artifact.exportId });
      try {
        // Retries with backoff happen inside; the request waits for the outcome, which the timeline also shows.
        const result = await transferArtifact(
          config.printPartner,
          () => storage.stream(key),
          `${orderName(order.number)}.zip`,
          { expected: { byteSize: artifact.byteSize, sha256: artifact.sha256 } },
        );
        await record('transfer_completed', { remote_path: result.remotePath, sha256: result.sha256 });
        return { remote_path: result.remotePath, byte_size: result.byteSize };
      } catch (error) {
        await record('transfer_failed', { error: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    },
  );
};
