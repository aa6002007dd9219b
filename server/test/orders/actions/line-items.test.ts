/**
 * The line-item actions on their own (issue 21 §1/§2): edit, add and remove recompute the order with the one totals
 * function (VAT half up), keep `no_albums` on the album line, write typed descriptions in the order's language,
 * record every moved value, and are refused while an invoice stands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addLineItem } from '../../../src/orders/actions/add-line-item.ts';
import { editLineItem } from '../../../src/orders/actions/edit-line-item.ts';
import { removeLineItem } from '../../../src/orders/actions/remove-line-item.ts';
import { esvecoJson } from '../../../src/orders/esveco-json.ts';
import { DATABASE_KINDS } from '../../helpers/test-app.ts';
import { gross19, refusal, startActions, type ActionsSetup } from './helpers.ts';

describe.each(DATABASE_KINDS)('line-item actions on %s', (kind) => {
  let s: ActionsSetup;
  const ctx = () => ({ db: s.t.database.db });

  beforeAll(async () => {
    s = await startActions(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('edits the album quantity at the frozen unit price, rounds VAT half up and moves no_albums with it', async () => {
    const order = await s.placeOrder({ noAlbums: 40 });
    const album = (await s.lines(order.id)).find((line) => line.product === 'album')!;
    const after = await editLineItem(ctx(), { lineId: album.id, change: { quantity: 55 }, actor: s.actor() });
    const line = (await s.lines(order.id)).find((l) => l.id === album.id)!;
    expect(line).toMatchObject({ quantity: 55, unitAmount: album.unitAmount, amount: 55 * album.unitAmount });
    expect(line.amountGross).toBe(gross19(line.amount));
    const net = (await s.lines(order.id)).reduce((sum, l) => sum + l.amount, 0) + order.shippingAmount;
    expect(after).toMatchObject({ noAlbums: 55, amount: net, amountGross: gross19(net) });
    expect(after.taxValue).toBe(after.amountGross - after.amount);
    // The print partner's JSON follows the album line.
    const json = (await esvecoJson(s.t.database.db, after)) as { order: { no_albums: number } };
    expect(json.order.no_albums).toBe(55);
  });

  it('records who changed what with the old and new values: "Alben: 40 → 55"', async () => {
    const order = await s.placeOrder({ noAlbums: 40 });
    const album = (await s.lines(order.id)).find((line) => line.product === 'album')!;
    const after = await editLineItem(ctx(), { lineId: album.id, change: { quantity: 55 }, actor: s.actor() });
    const [record] = await s.changesOf(order.id);
    expect(record!.userId).toBe(s.actor().id);
    expect(record!.by).toBe(s.actor().email);
    expect(record!.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'line_quantity', from: 40, to: 55 }),
        { field: 'no_albums', from: 40, to: 55 },
        { field: 'amount_gross', from: order.amountGross, to: after.amountGross },
      ]),
    );
    // Values that did not move are not recorded.
    expect(record!.changes.map((c) => c.field)).not.toContain('vat_rate');
  });

  it('writes an admin’s description in the order’s language, whatever language the admin reads', async () => {
    const order = await s.placeOrder({}, 'de');
    const album = (await s.lines(order.id)).find((line) => line.product === 'album')!;
    await editLineItem(ctx(), {
      lineId: album.id,
      change: { description: 'Mit Goldprägung' },
      actor: s.actor('en'),
    });
    const line = (await s.lines(order.id)).find((l) => l.id === album.id)!;
    expect(line.descriptions).toEqual({ de: 'Mit Goldprägung' });
  });

  it('keeps the catalogue description when an English admin’s form sends back the English text it showed', async () => {
    const order = await s.placeOrder({}, 'de');
    const album = (await s.lines(order.id)).find((line) => line.product === 'album')!;
    await editLineItem(ctx(), {
      lineId: album.id,
      change: { quantity: album.quantity + 1, description: album.descriptions.en ?? '' },
      actor: s.actor('en'),
    });
    const line = (await s.lines(order.id)).find((l) => l.id === album.id)!;
    expect(line.descriptions).toEqual(album.descriptions);
  });

  it('adds a line at today’s price and removes it again, back to the same totals, recording both', async () => {
    const order = await s.placeOrder();
    const withLine = await addLineItem(ctx(), {
      orderId: order.id,
      product: 'stickerpack',
      quantity: 10,
      description: 'Nachbestellung',
      actor: s.actor(),
    });
    const added = (await s.lines(order.id)).at(-1)!;
    expect(added).toMatchObject({
      product: 'stickerpack',
      quantity: 10,
      descriptions: { de: 'Nachbestellung' },
    });
    expect(withLine.amount).toBe(order.amount + added.amount);
    expect(withLine.amountGross).toBe(gross19(withLine.amount));
    const back = await removeLineItem(ctx(), { lineId: added.id, actor: s.actor() });
    expect(back).toMatchObject({
      amount: order.amount,
      amountGross: order.amountGross,
      taxValue: order.taxValue,
    });
    const fields = (await s.changesOf(order.id)).map((record) => record.changes[0]!.field);
    expect(fields).toEqual(['line_added', 'line_removed']);
  });

  it('refuses an unknown product with 400 and changes nothing', async () => {
    const order = await s.placeOrder();
    const failed = await refusal(
      addLineItem(ctx(), { orderId: order.id, product: 'caviar', quantity: 1, actor: s.actor() }),
    );
    expect(failed).toMatchObject({ status: 400, code: 'PRODUCT_UNKNOWN' });
    expect(await s.reload(order.id)).toEqual(order);
    expect(await s.changesOf(order.id)).toEqual([]);
  });

  it('refuses edit, add and remove with 409 ORDER_INVOICED while an invoice stands, in the admin’s language', async () => {
    const order = await s.placeOrder();
    const invoice = await s.invoice(order.id);
    const before = await s.lines(order.id);
    const line = before[0];
    const attempts = [
      editLineItem(ctx(), { lineId: line!.id, change: { quantity: 99 }, actor: s.actor('de') }),
      addLineItem(ctx(), { orderId: order.id, product: 'stickerpack', quantity: 1, actor: s.actor('en') }),
      removeLineItem(ctx(), { lineId: line!.id, actor: s.actor('fr') }),
    ];
    const [de, en, fr] = await Promise.all(attempts.map(refusal));
    for (const failed of [de, en, fr]) {
      expect(failed).toMatchObject({
        status: 409,
        code: 'ORDER_INVOICED',
        details: { invoice_number: invoice.number },
      });
    }
    expect(de!.message).toContain('Gutschrift');
    expect(en!.message).toContain('credit note');
    expect(fr!.message).toContain('avoir');
    expect(await s.reload(order.id)).toEqual(order);
    expect(await s.lines(order.id)).toEqual(before);
    expect(await s.changesOf(order.id)).toEqual([]);
  });

  it('allows the correction again once a credit note voided the invoice', async () => {
    const order = await s.placeOrder({ noAlbums: 40 });
    await s.invoice(order.id);
    await s.creditNote(order.id);
    const album = (await s.lines(order.id)).find((line) => line.product === 'album')!;
    const after = await editLineItem(ctx(), { lineId: album.id, change: { quantity: 45 }, actor: s.actor() });
    expect(after.noAlbums).toBe(45);
  });
});
