/**
 * The back office's side of an order's invoices (issue 14, invoices/CONTEXT.md): the documents panel, issuing an
 * invoice and a credit note. Admin-only: the route index registers them under `adminOnly` (auth/admin-only.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../auth/authenticate.ts';
import { notFound } from '../http/errors.ts';
import { jobSender } from '../jobs/sender.ts';
import { findOrder } from '../orders/repository.ts';
import { issueCreditNote } from '../orders/actions/issue-credit-note.ts';
import { issueInvoice } from '../orders/actions/issue-invoice.ts';
import {
  errorResponses,
  issuedCreditNoteSchema,
  issuedInvoiceSchema,
  orderDocumentsSchema,
} from '@stickerbook/api';
import { createStorage } from '../storage/index.ts';
import { DELIVERY_NOTE_FILE, orderDocumentPath, signedDocumentUrl } from './document-links.ts';
import { invoiceDocumentView } from './routes.ts';
import { findOrderCreditNote, findOrderInvoice, listOrderDocuments, type InvoiceRow } from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const invoiceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  const db = database.db;
  const { storage, signer } = createStorage(config);
  const view = (row: InvoiceRow) => invoiceDocumentView(row, signer);
  const ctx = { db, config, storage, jobs: jobSender(database) };

  async function adminOrderId(id: string): Promise<string> {
    const order = await findOrder(db, id);
    if (!order) throw notFound('Order');
    return order.id;
  }

  // The documents panel's state: the latest invoice and credit note with their links, every issued document
  // (a credit note and the corrected invoice after it), and the delivery note's signed link.
  app.get(
    '/orders/:id/documents',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 200: orderDocumentsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const orderId = await adminOrderId(request.params.id);
      const [invoice, note, history] = await Promise.all([
        findOrderInvoice(db, orderId),
        findOrderCreditNote(db, orderId),
        listOrderDocuments(db, orderId),
      ]);
      return {
        invoice: invoice ? view(invoice) : null,
        credit_note: note ? view(note) : null,
        history: history.map(view),
        delivery_note_url: signedDocumentUrl(signer, orderDocumentPath(orderId, DELIVERY_NOTE_FILE)),
      };
    },
  );

  app.post(
    '/orders/:id/invoice',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 201: issuedInvoiceSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const onStripeError = (error: unknown) =>
        request.log.error(error, 'the Stripe copy of an invoice failed');
      const orderId = await adminOrderId(request.params.id);
      const invoice = await issueInvoice({ ...ctx, onStripeError }, { orderId, userId: admin.id });
      return reply.status(201).send({ invoice: view(invoice) });
    },
  );

  app.post(
    '/orders/:id/credit_note',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        response: { 201: issuedCreditNoteSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireUser(request);
      const orderId = await adminOrderId(request.params.id);
      const note = await issueCreditNote(ctx, { orderId, userId: admin.id });
      return reply.status(201).send({ credit_note: view(note) });
    },
  );
};
