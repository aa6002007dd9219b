/**
 * Line-item edits of a placed order (SPEC §2 Order detail, §7 PATCH /line_items/{id}, POST
 * /orders/{orderId}/line_items, DELETE /line_items/{id}). Admin-only; everyone else gets 404.
 *
 * An order keeps what it was priced with (issue 13): a quantity change multiplies the line's frozen unit amount,
 * and the VAT rate stays the order's. Only a new line reads today's price table, for its product's unit price.
 * After each edit the order's totals are computed again the way the pricing module computes a quote: subtotal =
 * lines + shipping, the voucher's discount on it, gross = trunc(net x (1 + VAT)) (SPEC §5). Each edit is recorded
 * on the timeline as `line_items_changed`, so the order's history says who changed what and when.
 */
import { grossFromNet, unitAmountFor, voucherDiscount, type ProductKey } from '@stickerbook/model';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { lineItems, orderUpdates, orders, type TranslatedText } from '../db/schema.ts';
import { AppError, notFound } from '../http/errors.ts';
import { loadPriceList } from './price-tables.ts';
import { findOrder, loadOrderParts, type LineItemRow, type OrderRow } from './repository.ts';
import { requestLanguage } from './texts.ts';
import { orderSchema, toOrderView } from './view.ts';
import { errorResponses } from '../routes/schemas.ts';
import { signedDocumentUrl } from '../invoices/document-links.ts';
import { createStorage } from '../storage/index.ts';
import { requireAdmin } from './admin-access.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idParams = z.object({ id: z.string().min(1).max(64) });
const orderIdParams = z.object({ orderId: z.string().min(1).max(64) });
const quantity = z.number().int().min(1).max(100_000);
const description = z.string().trim().max(500);
const product = z.string().trim().min(1).max(64);

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a line costs: quantity x the frozen unit amount, gross at the order's VAT rate. */
function lineAmounts(order: OrderRow, quantityOf: number, unitAmount: number) {
  const amount = quantityOf * unitAmount;
  return {
    quantity: quantityOf,
    unitAmount,
    amount,
    amountGross: grossFromNet(amount, order.vatBasisPoints),
  };
}

/** The order's totals from its lines, its frozen shipping and its voucher (re-applied to the new subtotal). */
async function recomputeTotals(tx: Tx, order: OrderRow): Promise<void> {
  const lines = await tx
    .select({ amount: lineItems.amount })
    .from(lineItems)
    .where(eq(lineItems.orderId, order.id));
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0) + order.shippingAmount;
  const frozen = order.voucher;
  const discount = frozen
    ? voucherDiscount(
        {
          code: frozen.code,
          kind: frozen.kind,
          value: frozen.value,
          currency: null,
          minimumAmount: 0,
          startsAt: null,
          endsAt: null,
          maxUses: null,
          uses: 0,
        },
        subtotal,
      )
    : 0;
  const amount = subtotal - discount;
  const amountGross = grossFromNet(amount, order.vatBasisPoints);
  await tx
    .update(orders)
    .set({
      subtotal,
      amount,
      amountGross,
      taxValue: amountGross - amount,
      voucher: frozen ? { ...frozen, discount } : null,
    })
    .where(eq(orders.id, order.id));
}

async function recordChange(tx: Tx, order: OrderRow, userId: string, metadata: Record<string, unknown>) {
  await tx
    .insert(orderUpdates)
    .values({ orderId: order.id, signal: 'line_items_changed', message: null, metadata, userId });
}

/** A description typed by staff is the same in every language. */
const everyLanguage = (text: string): TranslatedText => ({
  de: text,
  en: text,
  fr: text,
  it: text,
  pl: text,
});

export const lineItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx.database;
  const { signer } = createStorage(app.ctx.config);

  async function findLine(id: string): Promise<{ line: LineItemRow; order: OrderRow }> {
    if (!UUID.test(id)) throw notFound('Line item');
    const [line] = await db.select().from(lineItems).where(eq(lineItems.id, id));
    const order = line ? await findOrder(db, line.orderId) : undefined;
    if (!line || !order) throw notFound('Line item');
    return { line, order };
  }

  /** Today's catalogue entry and unit price of a product or feature in the order's price list. */
  async function currentPrice(order: OrderRow, key: string, count: number) {
    const list = await loadPriceList(db, order.language);
    const feature = list.features.find((f) => f.key === key);
    const tiers = Object.hasOwn(list.tables.products, key)
      ? list.tables.products[key as ProductKey]
      : undefined;
    const unitAmount = feature ? feature.amount : tiers ? unitAmountFor(tiers, count) : undefined;
    const entry = feature ?? list.products.get(key);
    if (!entry || unitAmount === undefined || list.tables.currency !== order.currency) {
      throw new AppError(400, 'PRODUCT_UNKNOWN', 'There is no price for this product', { product: key });
    }
    return { entry, unitAmount, kind: feature ? ('feature' as const) : ('product' as const) };
  }

  async function answer(orderId: string, request: Parameters<typeof requestLanguage>[0]) {
    const order = (await findOrder(db, orderId))!;
    return {
      order: toOrderView(order, await loadOrderParts(db, [order]), requestLanguage(request), (path) =>
        signedDocumentUrl(signer, path),
      ),
    };
  }

  const orderResponse = z.object({ order: orderSchema });

  app.patch(
    '/line_items/:id',
    {
      schema: {
        tags: ['admin'],
        params: idParams,
        body: z.strictObject({
          description: description.optional(),
          quantity: quantity.optional(),
          product: product.optional(),
        }),
        response: { 200: orderResponse, ...errorResponses },
      },
    },
    async (request) => {
      const admin = requireAdmin(request);
      const { line, order } = await findLine(request.params.id);
      const body = request.body;
      const nextQuantity = body.quantity ?? line.quantity;
      // Another product is a new price; the same product keeps its frozen unit amount.
      const swapped = body.product !== undefined && body.product !== line.product;
      const price = swapped ? await currentPrice(order, body.product!, nextQuantity) : undefined;
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from orders where id = ${order.id} for update`);
        await tx
          .update(lineItems)
          .set({
            ...lineAmounts(order, nextQuantity, price?.unitAmount ?? line.unitAmount),
            ...(price ? { product: body.product!, kind: price.kind, titles: price.entry.titles } : {}),
            ...(body.description !== undefined
              ? { descriptions: everyLanguage(body.description) }
              : price
                ? { descriptions: price.entry.descriptions }
                : {}),
          })
          .where(eq(lineItems.id, line.id));
        await recomputeTotals(tx, order);
        await recordChange(tx, order, admin.id, {
          action: 'updated',
          product: body.product ?? line.product,
          quantity: nextQuantity,
        });
      });
      return answer(order.id, request);
    },
  );

  app.post(
    '/orders/:orderId/line_items',
    {
      schema: {
        tags: ['admin'],
        params: orderIdParams,
        body: z.strictObject({ product, description: description.optional(), quantity }),
        response: { 201: orderResponse, ...errorResponses },
      },
    },
    async (request, reply) => {
      const admin = requireAdmin(request);
      const order = UUID.test(request.params.orderId)
        ? await findOrder(db, request.params.orderId)
        : undefined;
      if (!order) throw notFound('Order');
      const { product: key, quantity: count, description: text } = request.body;
      const price = await currentPrice(order, key, count);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from orders where id = ${order.id} for update`);
        const [last] = await tx
          .select({ position: lineItems.position })
          .from(lineItems)
          .where(eq(lineItems.orderId, order.id))
          .orderBy(desc(lineItems.position))
          .limit(1);
        await tx.insert(lineItems).values({
          orderId: order.id,
          position: (last?.position ?? -1) + 1,
          product: key,
          kind: price.kind,
          titles: price.entry.titles,
          descriptions: text ? everyLanguage(text) : price.entry.descriptions,
          ...lineAmounts(order, count, price.unitAmount),
        });
        await recomputeTotals(tx, order);
        await recordChange(tx, order, admin.id, { action: 'added', product: key, quantity: count });
      });
      return reply.status(201).send(await answer(order.id, request));
    },
  );

  app.delete(
    '/line_items/:id',
    { schema: { tags: ['admin'], params: idParams, response: { 200: orderResponse, ...errorResponses } } },
    async (request) => {
      const admin = requireAdmin(request);
      const { line, order } = await findLine(request.params.id);
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from orders where id = ${order.id} for update`);
        await tx.delete(lineItems).where(eq(lineItems.id, line.id));
        await recomputeTotals(tx, order);
        await recordChange(tx, order, admin.id, {
          action: 'deleted',
          product: line.product,
          quantity: line.quantity,
        });
      });
      return answer(order.id, request);
    },
  );
};
