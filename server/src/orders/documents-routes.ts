/**
 * The documents of an order for the back office (issue 14, SPEC §7): delivery note, the print partner's order
 * JSON, the artifact export and the SFTP transfer (actions/start-export.ts, actions/transfer.ts). Each is built
 * from the order's current rows, which while an invoice stands are the invoiced order (invoice-freeze.ts).
 * Admin-only: the route index registers them under `adminOnly` (auth/admin-only.ts), everyone else gets 404. The
 * delivery note's PDF, which a signed link opens too, is in delivery-note-routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../http/errors.ts';
import { DELIVERY_NOTE_FILE, orderDocumentPath, signedDocumentUrl } from '../invoices/document-links.ts';
import { createStorage } from '../storage/index.ts';
import { findOrder, type OrderRow } from './repository.ts';
import { requestLanguage } from '../i18n/languages.ts';
import { orderName } from './view.ts';
import {
  artifactStateSchema,
  deliveryNoteLinkSchema,
  errorResponses,
  esvecoJsonSchema,
  orderTransferSchema,
  type ArtifactStateView,
} from '@stickerbook/api';
import { requireUser } from '../auth/authenticate.ts';
import { startExport } from './actions/start-export.ts';
import { transfer } from './actions/transfer.ts';
import { artifactState } from './artifact-export.ts';
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

  // SPEC §7: the delivery note's address, a signed link the browser opens in a new tab (delivery-note-routes.ts).
  app.get(
    '/orders/:id/delivery_note',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: deliveryNoteLinkSchema, ...errorResponses },
      },
    },
    async (request) => {
      const order = await adminOrder(request.params.id);
      return { pdf_url: signedDocumentUrl(signer, orderDocumentPath(order.id, DELIVERY_NOTE_FILE)) };
    },
  );

  app.get(
    '/orders/:id/esveco_json',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: esvecoJsonSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const order = await adminOrder(request.params.id);
      const json = await esvecoJson(db, order);
      return reply
        .header('content-disposition', `attachment; filename="${orderName(order.number)}.json"`)
        .send(json);
    },
  );

  async function artifactView(orderId: string): Promise<ArtifactStateView> {
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
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: artifactStateSchema, ...errorResponses },
      },
    },
    async (request) => {
      return artifactView((await adminOrder(request.params.id)).id);
    },
  );

  app.post(
    '/orders/:id/esveco_artifact',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 202: artifactStateSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const order = await adminOrder(request.params.id);
      await startExport(
        { database, config },
        { order, userId: admin.id, language: requestLanguage(request) },
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
        response: { 200: orderTransferSchema, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireUser(request);
      const order = await adminOrder(request.params.id);
      const result = await transfer({ db, config, storage }, { order, userId: admin.id });
      return { remote_path: result.remotePath, byte_size: result.byteSize };
    },
  );
};
