/**
 * Invoices and credit notes of an order (issue 14, invoices/CONTEXT.md). Issuing is admin-only (admin-routes.ts);
 * the PDF is for the order's customer and admins (404 for everyone else); the Stripe webhook is public but signed.
 */
import type { InvoiceDocumentView } from '@stickerbook/api';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin } from '../auth/access-tokens.ts';
import { AppError, notFound } from '../http/errors.ts';
import { findOrder } from '../orders/repository.ts';
import { stripeInvoicingFromConfig } from '../providers/stripe/index.ts';
import { createStorage, type UrlSigner } from '../storage/index.ts';
import { hasDocumentSignature, orderDocumentPath, signedDocumentUrl } from './document-links.ts';
import {
  findOrderCreditNote,
  findOrderInvoice,
  listOrderDocuments,
  markInvoicePaid,
  readInvoicePdf,
  type InvoiceRow,
} from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

const pdfFile = (kind: InvoiceRow['kind']) => `${kind}.pdf`;
/** Each issued document's own file, so earlier invoices and credit notes stay downloadable after a reissue. */
const documentFile = (row: InvoiceRow) => `documents/${row.id}/pdf`;

export function invoiceDocumentView(row: InvoiceRow, signer: UrlSigner): InvoiceDocumentView {
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
