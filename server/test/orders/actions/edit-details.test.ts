/**
 * The edit-details action on its own (issue 21 §1/§4/§5): e-mail, phone, remark, and the buyer's VAT id and
 * Leitweg-ID — checked (422 naming the field), recorded as changes, a VAT id recomputing the tax treatment and
 * every amount, and the tax ids frozen while an invoice stands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editDetails } from '../../../src/orders/actions/edit-details.ts';
import { DATABASE_KINDS } from '../../helpers/test-app.ts';
import { gross19, refusal, startActions, type ActionsSetup } from './helpers.ts';

describe.each(DATABASE_KINDS)('edit details on %s', (kind) => {
  let s: ActionsSetup;
  const ctx = () => ({ db: s.t.database.db });

  beforeAll(async () => {
    s = await startActions(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('records e-mail, phone and remark changes with their old and new values', async () => {
    const order = await s.placeOrder();
    const after = await editDetails(ctx(), {
      orderId: order.id,
      change: { email: 'neu@example.de', phone: null, comment: 'Bitte mit DHL' },
      actor: s.actor(),
    });
    expect(after).toMatchObject({ email: 'neu@example.de', phone: null, comment: 'Bitte mit DHL' });
    const [record] = await s.changesOf(order.id);
    expect(record!.changes).toEqual([
      { field: 'email', from: order.email, to: 'neu@example.de' },
      { field: 'phone', from: order.phone, to: null },
      { field: 'comment', from: order.comment, to: 'Bitte mit DHL' },
    ]);
  });

  it('makes an Austrian company reverse charge with its VAT id: 0 % VAT, and back to 19 % without it', async () => {
    const order = await s.placeOrder({ countryCode: 'AT', zipCode: '1010', city: 'Wien', areaCode: '+43' });
    expect(order).toMatchObject({ taxTreatment: 'standard', vatBasisPoints: 1900 });
    const charged = await editDetails(ctx(), {
      orderId: order.id,
      change: { buyer_vat_id: 'atu 135 856 27' },
      actor: s.actor(),
    });
    expect(charged).toMatchObject({
      buyerVatId: 'ATU13585627',
      taxTreatment: 'reverse_charge',
      vatBasisPoints: 0,
      amount: order.amount,
      taxValue: 0,
      amountGross: order.amount,
    });
    for (const line of await s.lines(order.id)) expect(line.amountGross).toBe(line.amount);
    const [record] = await s.changesOf(order.id);
    expect(record!.changes).toEqual(
      expect.arrayContaining([
        { field: 'buyer_vat_id', from: null, to: 'ATU13585627' },
        { field: 'tax_treatment', from: 'standard', to: 'reverse_charge' },
        { field: 'vat_rate', from: 1900, to: 0 },
        { field: 'amount_gross', from: order.amountGross, to: order.amount },
      ]),
    );
    const back = await editDetails(ctx(), {
      orderId: order.id,
      change: { buyer_vat_id: '' },
      actor: s.actor(),
    });
    expect(back).toMatchObject({
      buyerVatId: null,
      taxTreatment: 'standard',
      amountGross: gross19(order.amount),
    });
  });

  it('reaches a total at the new rate when the VAT id and the price change in one edit, recorded once each', async () => {
    const order = await s.placeOrder({ countryCode: 'AT', zipCode: '1010', city: 'Wien', areaCode: '+43' });
    const after = await editDetails(ctx(), {
      orderId: order.id,
      // Reverse charge: no VAT, so the agreed total is the net itself (at 19 % 20,000 ct has no net).
      change: { buyer_vat_id: 'ATU13585627', amount_gross: 20_000 },
      actor: s.actor(),
    });
    expect(after).toMatchObject({
      taxTreatment: 'reverse_charge',
      amount: 20_000,
      taxValue: 0,
      amountGross: 20_000,
    });
    const [record] = await s.changesOf(order.id);
    const fields = record!.changes.map((change: { field: string }) => change.field);
    expect(fields.filter((field: string) => field === 'amount_gross')).toHaveLength(1);
    expect(record!.changes).toEqual(
      expect.arrayContaining([
        { field: 'vat_rate', from: 1900, to: 0 },
        { field: 'price_adjustment', from: 0, to: 20_000 - order.amount },
        { field: 'amount_gross', from: order.amountGross, to: 20_000 },
      ]),
    );
  });

  it('keeps a German company at 19 % with a VAT id (domestic supply)', async () => {
    const order = await s.placeOrder();
    const after = await editDetails(ctx(), {
      orderId: order.id,
      change: { buyer_vat_id: 'DE136695976' },
      actor: s.actor(),
    });
    expect(after).toMatchObject({
      taxTreatment: 'standard',
      vatBasisPoints: 1900,
      amountGross: order.amountGross,
    });
  });

  it('sets a Leitweg-ID for a public buyer', async () => {
    const order = await s.placeOrder();
    const after = await editDetails(ctx(), {
      orderId: order.id,
      change: { buyer_reference: '04011000-1234512345-06' },
      actor: s.actor(),
    });
    expect(after.buyerReference).toBe('04011000-1234512345-06');
    const [record] = await s.changesOf(order.id);
    expect(record!.changes).toEqual([{ field: 'buyer_reference', from: null, to: '04011000-1234512345-06' }]);
  });

  it('refuses a malformed VAT id and Leitweg-ID with 422 naming each field, translated, and changes nothing', async () => {
    const order = await s.placeOrder({ countryCode: 'AT', zipCode: '1010', city: 'Wien', areaCode: '+43' });
    const failed = await refusal(
      editDetails(ctx(), {
        orderId: order.id,
        change: { buyer_vat_id: 'ATU1234', buyer_reference: 'Schule am See', email: 'x@example.de' },
        actor: s.actor('de'),
      }),
    );
    expect(failed).toMatchObject({
      status: 422,
      details: {
        fields: [
          {
            field: 'buyer_vat_id',
            code: 'VAT_ID_INVALID',
            message: 'Diese USt-IdNr. hat nicht das Format des Lieferlandes (z. B. ATU12345678).',
          },
          {
            field: 'buyer_reference',
            code: 'LEITWEG_ID_INVALID',
            message:
              'Eine Leitweg-ID besteht aus Grobadressierung, optionaler Feinadressierung und zwei Prüfziffern, getrennt durch Bindestriche (z. B. 04011000-1234512345-06).',
          },
        ],
      },
    });
    expect(await s.reload(order.id)).toEqual(order);
    expect(await s.changesOf(order.id)).toEqual([]);
  });

  it('checks the VAT id’s check digit and country, and the Leitweg-ID’s check digits, by the model’s rules', async () => {
    const austrian = await s.placeOrder({
      countryCode: 'AT',
      zipCode: '1010',
      city: 'Wien',
      areaCode: '+43',
    });
    const german = await s.placeOrder();
    const cases = [
      {
        order: austrian,
        change: { buyer_vat_id: 'ATU13585628' },
        field: 'buyer_vat_id',
        code: 'VAT_ID_CHECK_DIGIT',
      },
      {
        order: german,
        change: { buyer_vat_id: 'ATU13585627' },
        field: 'buyer_vat_id',
        code: 'VAT_ID_COUNTRY_MISMATCH',
      },
      {
        order: german,
        change: { buyer_reference: '04011000-1234512345-07' },
        field: 'buyer_reference',
        code: 'LEITWEG_ID_CHECK_DIGIT',
      },
    ];
    for (const { order, change, field, code } of cases) {
      const failed = await refusal(editDetails(ctx(), { orderId: order.id, change, actor: s.actor('en') }));
      expect(failed, code).toMatchObject({ status: 422, details: { fields: [{ field, code }] } });
      expect(await s.reload(order.id)).toEqual(order);
    }
  });

  it('freezes the tax ids while an invoice stands, but still lets staff fix the e-mail and the remark', async () => {
    const order = await s.placeOrder();
    const invoice = await s.invoice(order.id);
    for (const change of [{ buyer_vat_id: 'DE136695976' }, { buyer_reference: '04011000-1234512345-06' }]) {
      const failed = await refusal(editDetails(ctx(), { orderId: order.id, change, actor: s.actor() }));
      expect(failed).toMatchObject({
        status: 409,
        code: 'ORDER_INVOICED',
        details: { invoice_number: invoice.number },
      });
    }
    const after = await editDetails(ctx(), {
      orderId: order.id,
      change: { email: 'buchhaltung@example.de', comment: 'Rechnung per Post' },
      actor: s.actor(),
    });
    expect(after).toMatchObject({
      email: 'buchhaltung@example.de',
      comment: 'Rechnung per Post',
      buyerVatId: null,
    });
    await s.creditNote(order.id);
    const corrected = await editDetails(ctx(), {
      orderId: order.id,
      change: { buyer_reference: '04011000-1234512345-06' },
      actor: s.actor(),
    });
    expect(corrected.buyerReference).toBe('04011000-1234512345-06');
  });
});
