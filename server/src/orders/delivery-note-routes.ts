/**
 * The delivery note's PDF (SPEC §7), for admins and for the signed link GET /orders/{id}/delivery_note hands out
 * (documents-routes.ts), which the browser opens in a new tab without a bearer token.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUnless } from '../auth/admin-only.ts';
import { AppError, notFound } from '../http/errors.ts';
import { DELIVERY_NOTE_FILE, hasDocumentSignature, orderDocumentPath } from '../invoices/document-links.ts';
import { documentLanguage } from '../invoices/order-invoice-data.ts';
import { createStorage } from '../storage/index.ts';
import { buildDeliveryNotePdf } from './delivery-note.ts';
import { findOrder, loadOrderParts } from './repository.ts';
import { translated } from '../i18n/languages.ts';
import { orderName } from './view.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export const deliveryNoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { database, config } = app.ctx;
  const db = database.db;
  const { signer } = createStorage(config);

  app.get(
    `/orders/:id/${DELIVERY_NOTE_FILE}`,
    {
      // A new tab carries no bearer token: the signed link from GET /orders/{id}/delivery_note stands in for it.
      preValidation: adminUnless((request) =>
        hasDocumentSignature(
          signer,
          orderDocumentPath((request.params as { id: string }).id, DELIVERY_NOTE_FILE),
          request.query,
        ),
      ),
      schema: { tags: ['admin'], params: idParams },
    },
    async (request, reply) => {
      const order = await findOrder(db, request.params.id);
      if (!order) throw notFound('Order');
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
};
