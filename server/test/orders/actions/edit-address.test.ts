/**
 * The edit-address action on its own (issue 21 §1/§2/§4): every moved field is recorded, a new country recomputes
 * the tax treatment (Switzerland: export, 0 %), and the address is frozen while an invoice stands.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../../../src/db/schema.ts';
import { editAddress } from '../../../src/orders/actions/edit-address.ts';
import { editDetails } from '../../../src/orders/actions/edit-details.ts';
import { DATABASE_KINDS } from '../../helpers/test-app.ts';
import { gross19, refusal, startActions, type ActionsSetup } from './helpers.ts';

describe.each(DATABASE_KINDS)('edit address on %s', (kind) => {
  let s: ActionsSetup;
  const ctx = () => ({ db: s.t.database.db });
  const addressOf = async (orderId: string) =>
    (await s.t.database.db.select().from(addresses).where(eq(addresses.orderId, orderId)))[0]!;

  beforeAll(async () => {
    s = await startActions(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('changes the city and street and records both with old and new values', async () => {
    const order = await s.placeOrder();
    const address = await addressOf(order.id);
    await editAddress(ctx(), {
      addressId: address.id,
      change: { city: 'Potsdam', address1: 'Am Markt 2', zip_code: address.zipCode },
      actor: s.actor(),
    });
    expect(await addressOf(order.id)).toMatchObject({ city: 'Potsdam', address1: 'Am Markt 2' });
    const [record] = await s.changesOf(order.id);
    expect(record!.changes).toEqual([
      { field: 'address_address1', from: 'Hauptstraße 1', to: 'Am Markt 2' },
      { field: 'address_city', from: 'Berlin', to: 'Potsdam' },
    ]);
  });

  it('makes a delivery to Switzerland an export at 0 % and one back to Germany 19 % again', async () => {
    const order = await s.placeOrder();
    const address = await addressOf(order.id);
    const exported = await editAddress(ctx(), {
      addressId: address.id,
      change: { country_code: 'CH', zip_code: '8001', city: 'Zürich' },
      actor: s.actor(),
    });
    expect(exported).toMatchObject({ taxTreatment: 'export', vatBasisPoints: 0, amountGross: order.amount });
    const back = await editAddress(ctx(), {
      addressId: address.id,
      change: { country_code: 'DE', zip_code: '10115', city: 'Berlin' },
      actor: s.actor(),
    });
    expect(back).toMatchObject({
      taxTreatment: 'standard',
      vatBasisPoints: 1900,
      amountGross: gross19(order.amount),
    });
  });

  it('refuses moving a reverse-charge order to another country than its VAT id’s, naming the country', async () => {
    const order = await s.placeOrder({ countryCode: 'AT', zipCode: '1010', city: 'Wien', areaCode: '+43' });
    await editDetails(
      { db: s.t.database.db },
      { orderId: order.id, change: { buyer_vat_id: 'ATU13585627' }, actor: s.actor() },
    );
    const address = await addressOf(order.id);
    const failed = await refusal(
      editAddress(ctx(), { addressId: address.id, change: { country_code: 'DE' }, actor: s.actor() }),
    );
    expect(failed).toMatchObject({
      status: 422,
      details: { fields: [{ field: 'country_code', code: 'VAT_ID_COUNTRY_MISMATCH' }] },
    });
    expect(await addressOf(order.id)).toEqual(address);
  });

  it('refuses an address edit with 409 ORDER_INVOICED while an invoice stands, and allows it after the credit note', async () => {
    const order = await s.placeOrder();
    const address = await addressOf(order.id);
    await s.invoice(order.id);
    const failed = await refusal(
      editAddress(ctx(), { addressId: address.id, change: { city: 'Hamburg' }, actor: s.actor('en') }),
    );
    expect(failed).toMatchObject({ status: 409, code: 'ORDER_INVOICED' });
    expect(await addressOf(order.id)).toEqual(address);
    await s.creditNote(order.id);
    await editAddress(ctx(), { addressId: address.id, change: { city: 'Hamburg' }, actor: s.actor() });
    expect((await addressOf(order.id)).city).toBe('Hamburg');
  });

  it('answers 404 for an unknown address', async () => {
    const failed = await refusal(
      editAddress(ctx(), {
        addressId: '00000000-0000-4000-8000-000000000000',
        change: { city: 'X' },
        actor: s.actor(),
      }),
    );
    expect(failed).toMatchObject({ status: 404 });
  });
});
