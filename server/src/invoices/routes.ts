/**
 * Invoices and credit notes of an order (issue 14, invoices/CONTEXT.md). Issuing is admin-only; the PDF is for
 * the order's customer and admins (404 for everyone else); the Stripe webhook is public but signed.
 */
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '../auth/access-tokens.ts';
import { AppError, notFound } from '../http/errors.ts';
import { jobSender } from '../jobs/sender.ts';
import { requireAdmin } from '../orders/admin-access.ts';
import { findOrder } from '../orders/repository.ts';
import { stripeInvoicingFromConfig } from '../providers/stripe/index.ts';
import { errorResponses } from '@stickerbook/api';
import { createStorage, type UrlSigner } from '../storage/index.ts';
import {
  DELIVERY_NOTE_FILE,
  hasDocumentSignature,
  orderDocumentPath,
  signedDocumentUrl,
} from './document-links.ts';
import { issueCreditNote } from '../orders/actions/issue-credit-note.ts';
import { issueInvoice } from '../orders/actions/issue-invoice.ts';
import {
  findOrderCreditNote,
  findOrderInvoice,
  listOrderDocuments,
  markInvoicePaid,
  readInvoicePdf,
  type InvoiceRow,
} from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const invoiceDocumentSchema = z.object({
  id: z.string(),
  number: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  status: z.enum(['draft', 'open', 'paid', 'uncollectible', 'void']),
  gross_amount: z.number().int(),
  currency: z.string(),
  pdf_url: z.string(),
  hosted_invoice_url: z.string().nullable(),
  issued_at: z.string(),
});

const pdfFile = (kind: InvoiceRow['kind']) => `${kind}.pdf`;
/** Each issued document's own file, so earlier invoices and credit notes stay downloadable after a reissue. */
const documentFile = (row: InvoiceRow) => `documents/${row.id}/pdf`;

export function invoiceDocumentView(row: InvoiceRow, signer: UrlSigner) {
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    status: row.status,
    gross_amount: row.grossAmount,
    currency: row.currency,
    pdf_url: signedDocumentUrl(signer, orderDocumentPath(row.orderId, documentFile(row))),
    hosted_invoice_url: row.hostedInvoiceUrl,
    issued_at: row.issuedAt.toISOString(),
  };
}

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
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
        response: {
          200: z.object({
            invoice: invoiceDocumentSchema.nullable(),
            credit_note: invoiceDocumentSchema.nullable(),
            history: z.array(invoiceDocumentSchema),
            delivery_note_url: z.string(),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      requireAdmin(request);
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
        response: { 201: z.object({ invoice: invoiceDocumentSchema }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
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
        response: { 201: z.object({ credit_note: invoiceDocumentSchema }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const orderId = await adminOrderId(request.params.id);
      const note = await issueCreditNote(ctx, { orderId, userId: admin.id });
      return reply.status(201).send({ credit_note: view(note) });
    },
  );

  for (const kind of ['invoice', 'credit_note'] as const) {
    app.get(
      `/orders/:id/${pdfFile(kind)}`,
      { schema: { tags: ['orders'], params: idParams } },
      async (request, reply) => {
        const principal = request.principal;
        const order = await findOrder(db, request.params.id);
        const allowed =
          (order &&
            hasDocumentSignature(signer, orderDocumentPath(order.id, pdfFile(kind)), request.query)) ||
          (principal?.kind === 'user' && order && (order.userId === principal.id || isAdmin(principal)));
        if (!order || !allowed) throw notFound('Invoice');
        const row =
          kind === 'invoice' ? await findOrderInvoice(db, order.id) : await findOrderCreditNote(db, order.id);
        if (!row) throw notFound('Invoice');
        return sendPdf(reply, row);
      },
    );
  }

  app.get(
    '/orders/:id/documents/:documentId/pdf',
    {
      schema: {
        tags: ['orders'],
        params: idParams.extend({ documentId: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const principal = request.principal;
      const order = await findOrder(db, request.params.id);
      const documentId = request.params.documentId;
      const allowed =
        (order &&
          hasDocumentSignature(
            signer,
            orderDocumentPath(order.id, `documents/${documentId}/pdf`),
            request.query,
          )) ||
        (principal?.kind === 'user' && order && (order.userId === principal.id || isAdmin(principal)));
      if (!order || !allowed) throw notFound('Invoice');
      const row = (await listOrderDocuments(db, order.id)).find((document) => document.id === documentId);
      if (!row) throw notFound('Invoice');
      return sendPdf(reply, row);
    },
  );

  async function sendPdf(reply: FastifyReply, row: InvoiceRow) {
    const pdf = await readInvoicePdf(storage, row);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${row.number}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }

  // Stripe signs the exact bytes it sent: this route keeps the body as a Buffer instead of parsing JSON.
  await app.register(async (webhook) => {
    webhook.removeContentTypeParser('application/json');
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post('/stripe/webhook', { schema: { tags: ['webhooks'] } }, async (request, reply) => {
      const stripe = stripeInvoicingFromConfig(config);
      if (!stripe) throw new AppError(503, 'STRIPE_WEBHOOK_NOT_CONFIGURED', 'STRIPE_SECRET_KEY is not set');
      const header = request.headers['stripe-signature'];
      const paid = stripe.parseWebhook(
        request.body as Buffer,
        typeof header === 'string' ? header : undefined,
      );
      if (paid) await markInvoicePaid(db, paid.stripeInvoiceId, paid.invoiceNumber);
      return reply.status(200).send({ received: true });
    });
  });
};
