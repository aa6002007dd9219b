/**
 * POST /orders (issue 13): every checkout rule answered per field, idempotency, the single-use voucher under
 * concurrency, frozen prices, the album's order flags, the confirmation mail, and the order views.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albums, orders, outboxMails, productPrices, vouchers } from '../../src/db/schema.ts';
import { startJobQueue } from '../../src/workers.ts';
import {
  createGuest,
  DATABASE_KINDS,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from '../helpers/test-app.ts';
import {
  addEmptyCell,
  caller,
  cleanAlbum,
  futureDay,
  idempotencyKey,
  orderForm,
  removeLastContentSpread,
  stickerSpreadOf,
} from './helpers.ts';

describe.each(DATABASE_KINDS)('placing orders on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: Session;
  let album: Awaited<ReturnType<typeof cleanAlbum>>;

  beforeAll(async () => {
    t = await startTestApp(kind, { publicUrl: 'https://shop.example' });
    call = caller(t.app);
    owner = await signUp(t.app);
    album = await cleanAlbum(t.app, owner.access_token);
  });
  afterAll(async () => {
    await t?.close();
  });

  const place = (
    payload: object,
    options: { token?: string; key?: Record<string, string>; language?: string } = {},
  ) =>
    call('POST', '/orders', {
      token: options.token ?? owner.access_token,
      payload,
      headers: options.key ?? idempotencyKey(),
      language: options.language,
    });

  const fieldsOf = (response: {
    json(): { error: { details: { fields: Array<{ field: string; code: string }> } } };
  }) => Object.fromEntries(response.json().error.details.fields.map((f) => [f.field, f.code]));

  it('places an order priced by the server, whatever amounts the client sends', async () => {
    const response = await place({ ...orderForm(album.id), amount: 1, amount_gross: 1 });
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    expect(order).toMatchObject({
      amount: 23_950,
      amount_gross: 28_501, // 19 % of 239,50 € is 45,505 €, rounded half up
      currency: 'EUR',
      album: { id: album.id },
    });
    const detail = (await call('GET', `/orders/${order.id}`, { token: owner.access_token })).json().order;
    expect(detail).toMatchObject({
      email: 'erika@example.de',
      phone: '0049 1712345678',
      quote_name: 'A-2026-17',
      no_albums: 50,
      sticker_packaging_type: 'stickerpack',
      status_message: 'Bestellung eingegangen',
      shipping_address: {
        first_name: 'Erika',
        city: 'Berlin',
        country_code: 'DE',
        organization: 'Grundschule am See',
      },
      album: { id: album.id, locked: false },
      review: { can_approve: true, can_submit_review: false },
    });
    expect(detail.name).toBe(`SB-${detail.number}`);
    // One order number everywhere: the answer to POST /orders names it as the order page does.
    expect(order.number).toBe(detail.number);
    expect(order.name).toBe(detail.name);
    expect(
      detail.line_items.map((item: { product: string; amount: number }) => [item.product, item.amount]),
    ).toEqual([
      ['album', 18_950],
      ['stickerpack', 4_000],
    ]);
    // Shipping is the order's own line (issue 22 item 11), frozen like the others: 10,00 € net, 19 % on top.
    expect(detail.shipping).toEqual({
      amount: 1_000,
      amount_gross: 1_190,
      amount_human: '10,00\u00a0€',
      amount_gross_human: '11,90\u00a0€',
    });
    expect(detail.order_updates.map((u: { signal: string }) => u.signal)).toEqual(['order_placed']);
    const albumView = (await call('GET', `/albums/${album.id}`, { token: owner.access_token })).json();
    expect(albumView).toMatchObject({ hasOrder: true, lastOrderId: order.id });
  });

  it('refuses an order whose price is not the total the button showed, with the new total, and writes nothing (§ 312j BGB)', async () => {
    const buyer = await signUp(t.app);
    const own = await cleanAlbum(t.app, buyer.access_token);
    const form = orderForm(own.id);
    const changed = await place({ ...form, expected_amount_gross: 28_500 }, { token: buyer.access_token });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toMatchObject({
      code: 'PRICE_CHANGED',
      details: {
        expected_amount_gross: 28_500,
        amount_gross: 28_501,
        amount_gross_human: '285,01\u00a0€',
        expected_amount_gross_human: '285,00\u00a0€',
      },
    });
    const none = await t.database.db.select().from(orders).where(eq(orders.albumId, own.id));
    expect(none).toHaveLength(0);
    // Asked again with the total the server answered, the order goes through at exactly that price.
    const placed = await place({ ...form, expected_amount_gross: 28_501 }, { token: buyer.access_token });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().order.amount_gross).toBe(28_501);
  });

  it('checks the postcode against the delivery country and stores the phone number once, as SPEC §5 writes it', async () => {
    const buyer = await signUp(t.app);
    const own = await cleanAlbum(t.app, buyer.access_token);
    for (const [countryCode, zipCode] of [
      ['DE', '1234'],
      ['AT', '10115'],
      ['NL', '1012'],
    ]) {
      const refused = await place(orderForm(own.id, { countryCode, zipCode }), { token: buyer.access_token });
      expect(refused.statusCode, `${countryCode} ${zipCode}`).toBe(422);
      expect(fieldsOf(refused)).toEqual({ zipCode: 'ZIP_INVALID' });
      expect(refused.json().error.details.fields[0].message).toBe(
        'Diese Postleitzahl gibt es im Lieferland so nicht.',
      );
    }
    // As typed, and as the checkout formats it before sending: both are stored as 0049 221123456.
    for (const phone of ['0221 123456', '0049 221123456']) {
      const placed = await place(
        orderForm(own.id, { areaCode: '+49', phone, zipCode: '50667', city: 'Köln' }),
        {
          token: buyer.access_token,
        },
      );
      expect(placed.statusCode).toBe(201);
      const detail = (
        await call('GET', `/orders/${placed.json().order.id}`, { token: buyer.access_token })
      ).json().order;
      expect(detail.phone).toBe('0049 221123456');
    }
  });

  it('asks a guest to sign up and creates nothing', async () => {
    const guest = await createGuest(t.app);
    const guestAlbum = await cleanAlbum(t.app, guest.access_token);
    const response = await place(orderForm(guestAlbum.id), { token: guest.access_token });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('SIGNUP_REQUIRED');
    expect(
      (await call('GET', `/albums/${guestAlbum.id}`, { token: guest.access_token })).json().hasOrder,
    ).toBe(false);
  });

  it('answers 404 for another user’s album', async () => {
    const stranger = await signUp(t.app);
    const response = await place(orderForm(album.id), { token: stranger.access_token });
    expect(response.statusCode).toBe(404);
  });

  it('needs an Idempotency-Key', async () => {
    const response = await call('POST', '/orders', {
      token: owner.access_token,
      payload: orderForm(album.id),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { location: 'headers' },
    });
  });

  it('stores the single-variety box under one name, whichever spelling the order sends (SPEC §4)', async () => {
    const fresh = await cleanAlbum(t.app, owner.access_token);
    const placed = await place(orderForm(fresh.id, { stickerPackagingType: 'stickerboxSingleVariety' }));
    expect(placed.statusCode).toBe(201);
    const order = await call('GET', `/orders/${placed.json().order.id}`, { token: owner.access_token });
    expect(order.json().order.sticker_packaging_type).toBe('stickerbox_single_variety');
  });

  it('names every missing required field with a translated message', async () => {
    const response = await place(
      {
        album_id: album.id,
        noAlbums: 50,
        orderFeatures: [],
        firstName: ' ',
        stickerPackagingType: 'stickerpack',
      },
      { language: 'en' },
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(response)).toEqual({
      firstName: 'FIELD_REQUIRED',
      lastName: 'FIELD_REQUIRED',
      email: 'EMAIL_REQUIRED',
      address1: 'FIELD_REQUIRED',
      zipCode: 'FIELD_REQUIRED',
      city: 'FIELD_REQUIRED',
      countryCode: 'FIELD_REQUIRED',
      releaseDate: 'RELEASE_DATE_REQUIRED',
      printConsent: 'PRINT_CONSENT_REQUIRED',
    });
    const first = response
      .json()
      .error.details.fields.find((f: { field: string }) => f.field === 'firstName');
    expect(first.message).toBe('This field is required.');
  });

  it('checks e-mail, phone, comment, country, count, packaging, features and the release date', async () => {
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const response = await place(
      orderForm(album.id, {
        email: 'erika.example.de',
        phone: '0171-234',
        comment: 'x'.repeat(1001),
        countryCode: 'US',
        noAlbums: 501,
        stickerPackagingType: 'crate',
        orderFeatures: ['unicorn'],
        releaseDate: yesterday,
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(fieldsOf(response)).toEqual({
      email: 'EMAIL_INVALID',
      phone: 'PHONE_INVALID',
      comment: 'COMMENT_TOO_LONG',
      countryCode: 'COUNTRY_NOT_SUPPORTED',
      noAlbums: 'ALBUM_COUNT_OUT_OF_RANGE',
      stickerPackagingType: 'PACKAGING_UNKNOWN',
      orderFeatures: 'FEATURE_UNKNOWN',
      releaseDate: 'RELEASE_DATE_IN_PAST',
    });
    const long = await place(orderForm(album.id, { phone: '1'.repeat(21), printConsent: false }));
    expect(fieldsOf(long)).toEqual({ phone: 'PHONE_TOO_LONG', printConsent: 'PRINT_CONSENT_REQUIRED' });
  });

  it('requires the company for business albums and the club for sports albums, and drops it for weddings', async () => {
    for (const [category, code] of [
      ['business', 'COMPANY_REQUIRED'],
      ['sports', 'CLUB_REQUIRED'],
    ] as const) {
      const categorised = await cleanAlbum(t.app, owner.access_token, { category, database: t.database });
      const response = await place(orderForm(categorised.id, { organization: '' }));
      expect(fieldsOf(response)).toEqual({ organization: code });
    }
    const wedding = await cleanAlbum(t.app, owner.access_token, {
      category: 'wedding',
      database: t.database,
    });
    const placed = await place(orderForm(wedding.id, { organization: 'Hochzeit Müller' }));
    expect(placed.statusCode).toBe(201);
    const detail = (
      await call('GET', `/orders/${placed.json().order.id}`, { token: owner.access_token })
    ).json().order;
    expect(detail.shipping_address.organization).toBeNull();
  });

  /** The tax data the order row keeps (issue 21 §4, §5), read from the database. */
  const storedTax = async (orderId: string) => {
    const [row] = await t.database.db
      .select({
        buyerVatId: orders.buyerVatId,
        buyerReference: orders.buyerReference,
        taxTreatment: orders.taxTreatment,
        vatBasisPoints: orders.vatBasisPoints,
        taxValue: orders.taxValue,
        amount: orders.amount,
        amountGross: orders.amountGross,
      })
      .from(orders)
      .where(eq(orders.id, orderId));
    return row;
  };
  const ordersOfAlbum = async (albumId: string) =>
    (await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.albumId, albumId))).length;

  it('places an Austrian company’s order with a valid VAT id under reverse charge: no VAT, stored on the order', async () => {
    const business = await cleanAlbum(t.app, owner.access_token, {
      category: 'business',
      database: t.database,
    });
    const form = orderForm(business.id, {
      organization: 'Muster GmbH',
      countryCode: 'AT',
      zipCode: '1010',
      city: 'Wien',
      vatId: 'atu 135 856 27',
    });
    const response = await place(form);
    expect(response.statusCode).toBe(201);
    const { order } = response.json();
    expect(order.amount_gross).toBe(order.amount);
    expect(await storedTax(order.id)).toEqual({
      buyerVatId: 'ATU13585627',
      buyerReference: null,
      taxTreatment: 'reverse_charge',
      vatBasisPoints: 0,
      taxValue: 0,
      amount: order.amount,
      amountGross: order.amount,
    });
    // The same order without the VAT id is an Austrian consumer's: the table's 19 %.
    const consumer = await place(orderForm(business.id, { organization: 'Muster GmbH', countryCode: 'AT' }));
    const consumerTax = await storedTax(consumer.json().order.id);
    expect(consumerTax).toMatchObject({ taxTreatment: 'standard', vatBasisPoints: 1900, buyerVatId: null });
    expect(consumerTax!.amountGross).toBeGreaterThan(order.amount_gross);
  });

  it('places a Swiss order as an export without VAT, and a German one with 19 %', async () => {
    const swiss = await place(orderForm(album.id, { countryCode: 'CH', zipCode: '8001', city: 'Zürich' }));
    expect(swiss.statusCode).toBe(201);
    expect(await storedTax(swiss.json().order.id)).toMatchObject({
      taxTreatment: 'export',
      vatBasisPoints: 0,
      taxValue: 0,
      buyerVatId: null,
    });
    expect(swiss.json().order.amount_gross).toBe(swiss.json().order.amount);
    const german = await place(orderForm(album.id, { vatId: 'DE136695976' }));
    expect(await storedTax(german.json().order.id)).toMatchObject({
      taxTreatment: 'standard',
      vatBasisPoints: 1900,
      taxValue: 4_551,
      amountGross: 28_501,
      buyerVatId: 'DE136695976',
    });
  });

  it('stores a school’s Leitweg-ID', async () => {
    const placed = await place(orderForm(album.id, { buyerReference: '04011000-1234512345-06' }));
    expect(placed.statusCode).toBe(201);
    expect(await storedTax(placed.json().order.id)).toMatchObject({
      buyerReference: '04011000-1234512345-06',
      taxTreatment: 'standard',
    });
  });

  it('refuses a wrong VAT id with 422 naming vatId, in the request language, and writes nothing', async () => {
    const fresh = await cleanAlbum(t.app, owner.access_token);
    const response = await place(orderForm(fresh.id, { countryCode: 'AT', vatId: 'ATU13585628' }), {
      language: 'fr',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.fields).toEqual([
      {
        field: 'vatId',
        code: 'VAT_ID_CHECK_DIGIT',
        message:
          'Ce numéro de TVA n’est pas valide : la clé de contrôle ne correspond pas. Veuillez le vérifier.',
      },
    ]);
    const foreign = await place(orderForm(fresh.id, { countryCode: 'DE', vatId: 'ATU13585627' }));
    expect(fieldsOf(foreign)).toEqual({ vatId: 'VAT_ID_COUNTRY_MISMATCH' });
    const nameless = await place(
      orderForm(fresh.id, { organization: '', countryCode: 'AT', vatId: 'ATU13585627' }),
    );
    expect(fieldsOf(nameless)).toEqual({ vatId: 'VAT_ID_NEEDS_ORGANIZATION' });
    expect(await ordersOfAlbum(fresh.id)).toBe(0);
    expect((await call('GET', `/albums/${fresh.id}`, { token: owner.access_token })).json().hasOrder).toBe(
      false,
    );
  });

  it('refuses a wrong Leitweg-ID with 422 naming buyerReference and writes nothing', async () => {
    const fresh = await cleanAlbum(t.app, owner.access_token);
    const response = await place(orderForm(fresh.id, { buyerReference: '04011000-1234512345-07' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.fields).toEqual([
      {
        field: 'buyerReference',
        code: 'LEITWEG_ID_CHECK_DIGIT',
        message: 'Diese Leitweg-ID ist ungültig: Die Prüfziffern stimmen nicht. Bitte prüfe die Eingabe.',
      },
    ]);
    const shapeless = await place(orderForm(fresh.id, { buyerReference: 'Rathaus' }), { language: 'pl' });
    expect(fieldsOf(shapeless)).toEqual({ buyerReference: 'LEITWEG_ID_INVALID' });
    expect(await ordersOfAlbum(fresh.id)).toBe(0);
  });

  it('counts the VAT id and the Leitweg-ID in the request hash: the same key with another id is refused', async () => {
    const fresh = await cleanAlbum(t.app, owner.access_token);
    const key = idempotencyKey();
    const form = orderForm(fresh.id, { countryCode: 'AT', vatId: 'ATU13585627' });
    expect((await place(form, { key })).statusCode).toBe(201);
    expect((await place(form, { key })).statusCode).toBe(200);
    const withoutId = await place({ ...form, vatId: undefined }, { key });
    expect(withoutId.statusCode).toBe(409);
    const withReference = await place({ ...form, buyerReference: '04011000-1234512345-06' }, { key });
    expect(withReference.statusCode).toBe(409);
    expect(await ordersOfAlbum(fresh.id)).toBe(1);
  });

  it('refuses an album with preflight errors and lists them', async () => {
    const broken = await cleanAlbum(t.app, owner.access_token);
    await addEmptyCell(t.app, owner.access_token, broken);
    const response = await place(orderForm(broken.id));
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'ALBUM_HAS_ERRORS',
      details: {
        errors: [
          expect.objectContaining({ code: 'EMPTY_STICKER_CELL', message: 'Ein Stickerfeld ist noch leer.' }),
        ],
      },
    });
    expect((await call('GET', `/albums/${broken.id}`, { token: owner.access_token })).json().hasOrder).toBe(
      false,
    );
  });

  it('refuses an album whose spreads cannot be bound, naming how many are missing and where', async () => {
    const short = await cleanAlbum(t.app, owner.access_token);
    expect((await removeLastContentSpread(t.app, owner.access_token, short)).status).toBe(200);
    const response = await place(orderForm(short.id), { language: 'fr' });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'ALBUM_HAS_ERRORS',
      details: {
        errors: [
          {
            code: 'SPREADS_MISSING_FOR_BINDING',
            count: 1,
            spread_id: stickerSpreadOf(short.workspace),
            message: 'Doubles pages encore à ajouter pour la reliure : 1',
          },
        ],
      },
    });
    expect(await ordersOfAlbum(short.id)).toBe(0);
  });

  it('creates one order for a double click and for a retried request, and refuses a reused key', async () => {
    const fresh = await cleanAlbum(t.app, owner.access_token);
    const key = idempotencyKey();
    const form = orderForm(fresh.id);
    const [first, second] = await Promise.all([place(form, { key }), place(form, { key })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().order.id).toBe(second.json().order.id);
    const retried = await place({ ...form }, { key });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().order.id).toBe(first.json().order.id);
    const reused = await place({ ...form, noAlbums: 60 }, { key });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const list = (await call('GET', '/orders?per=100', { token: owner.access_token })).json();
    expect(list.orders.filter((o: { album: { id: string } }) => o.album.id === fresh.id)).toHaveLength(1);
  });

  it('lets a single-use voucher succeed for exactly one of two parallel orders', async () => {
    await t.database.db
      .insert(vouchers)
      .values({ code: 'NUREINMAL', kind: 'fixed', value: 3000, currency: 'EUR', maxUses: 1 });
    const [a, b] = await Promise.all([
      place(orderForm(album.id, { voucherCode: 'nureinmal' })),
      place(orderForm(album.id, { voucherCode: 'NUREINMAL' })),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([201, 422]);
    const winner = a.statusCode === 201 ? a : b;
    const loser = a.statusCode === 201 ? b : a;
    expect(winner.json().order.amount).toBe(23_950 - 3_000);
    expect(loser.json().error).toMatchObject({
      code: 'VOUCHER_NOT_APPLICABLE',
      details: { voucher: { status: 'taken', error_message: 'Dieser Gutschein wurde bereits eingelöst.' } },
    });
    const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.code, 'NUREINMAL'));
    expect(row?.uses).toBe(1);
    const detail = (
      await call('GET', `/orders/${winner.json().order.id}`, { token: owner.access_token })
    ).json().order;
    expect(detail.voucher).toMatchObject({ code: 'NUREINMAL', discount: 3_000 });
  });

  it('writes the confirmation mail’s job with the order, and none for the order that lost the voucher', async () => {
    await t.database.db
      .insert(vouchers)
      .values({ code: 'EINMALMAIL', kind: 'fixed', value: 1000, currency: 'EUR', maxUses: 1 });
    const [a, b] = await Promise.all([
      place(orderForm(album.id, { voucherCode: 'EINMALMAIL', email: 'erste@example.de' })),
      place(orderForm(album.id, { voucherCode: 'EINMALMAIL', email: 'zweite@example.de' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const [winner, loser] = a.statusCode === 201 ? ['erste', 'zweite'] : ['zweite', 'erste'];
    // No worker runs here: the job is in the queue the moment the order is answered, so no crash can lose it.
    const mailJobs = async (to: string) =>
      (
        await t.database.executeSql(`select data from pgboss.job where name = 'mail' and data->>'to' = $1`, [
          `${to}@example.de`,
        ])
      ).rows as Array<{ data: { subject: string; text: string } }>;
    const [job, ...more] = await mailJobs(winner);
    expect(more).toHaveLength(0);
    expect(job?.data.subject).toMatch(/^Deine Bestellung SB-\d+ ist eingegangen$/);
    expect(job?.data.text).toContain('Gutschein EINMALMAIL');
    expect(await mailJobs(loser)).toHaveLength(0);
  });

  it('refuses an order with a voucher that is not valid', async () => {
    const response = await place(orderForm(album.id, { voucherCode: 'KEINGUTSCHEIN' }));
    expect(response.statusCode).toBe(422);
    expect(response.json().error.details.voucher).toMatchObject({ status: 'invalid' });
  });

  it('keeps an order’s prices when the price table changes afterwards', async () => {
    const placed = await place(orderForm(album.id, { noAlbums: 100 }));
    expect(placed.statusCode).toBe(201);
    const before = (
      await call('GET', `/orders/${placed.json().order.id}`, { token: owner.access_token })
    ).json().order;
    await t.database.db
      .update(productPrices)
      .set({ unitAmount: 999 })
      .where(eq(productPrices.productKey, 'album'));
    // A new order is priced from the changed table at once (quotes follow within the price cache's 2 s).
    const next = await place(orderForm(album.id, { noAlbums: 100 }));
    expect(next.json().order.amount).toBe(before.amount + 100 * (999 - 349));
    const after = (
      await call('GET', `/orders/${placed.json().order.id}`, { token: owner.access_token })
    ).json().order;
    expect(after.amount).toBe(before.amount);
    expect(after.amount_gross).toBe(before.amount_gross);
    expect(after.line_items).toEqual(before.line_items);
    expect(after.line_items[0].unit_amount).toBe(349);
  });

  it('hides an order from everyone but its user and lists 25 per page', async () => {
    const stranger = await signUp(t.app);
    const list = (await call('GET', '/orders', { token: owner.access_token })).json();
    const someId = list.orders[0].id;
    expect((await call('GET', `/orders/${someId}`, { token: stranger.access_token })).statusCode).toBe(404);
    expect((await call('GET', `/orders/not-a-uuid`, { token: owner.access_token })).statusCode).toBe(404);
    expect((await call('GET', '/orders', { token: stranger.access_token })).json()).toEqual({
      orders: [],
      pagination: { page: 1, per: 25, total: 0, pages: 0 },
    });
    expect(list.pagination.per).toBe(25);
    const dates = list.orders.map((o: { created_at: string }) => o.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('translates the order signals', async () => {
    const response = (
      await call('GET', '/order_signals', { token: owner.access_token, language: 'en' })
    ).json();
    expect(response.order_signals).toHaveLength(8);
    expect(response.order_signals[0]).toEqual({ title: 'accepted', human_title: 'Order accepted' });
  });
});

describe('order confirmation mail', () => {
  let t: TestApp;
  let jobs: Awaited<ReturnType<typeof startJobQueue>>;

  beforeAll(async () => {
    t = await startTestApp('pglite', { publicUrl: 'https://shop.example' });
    jobs = await startJobQueue(t.database, { work: true, config: t.config });
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  it('goes to the customer in the album language with the summary and the legal links', async () => {
    const call = caller(t.app);
    const owner = await signUp(t.app);
    const album = await cleanAlbum(t.app, owner.access_token, { language: 'fr' });
    await t.database.db.update(albums).set({ title: 'Classe de CM2' }).where(eq(albums.id, album.id));
    const placed = await call('POST', '/orders', {
      token: owner.access_token,
      payload: orderForm(album.id, {
        email: 'famille@example.fr',
        countryCode: 'FR',
        releaseDate: futureDay(90),
      }),
      headers: idempotencyKey(),
      language: 'de',
    });
    expect(placed.statusCode).toBe(201);
    let mail: typeof outboxMails.$inferSelect | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      [mail] = await t.database.db.select().from(outboxMails).where(eq(outboxMails.to, 'famille@example.fr'));
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mail?.subject).toMatch(/^Nous avons bien reçu votre commande SB-\d+$/);
    expect(mail?.text).toContain('« Classe de CM2 »');
    expect(mail?.text).toMatch(/\nTotal: \d/);
    for (const path of ['/terms', '/customer-information', '/privacy', '/imprint'])
      expect(mail?.html).toContain(`href="https://shop.example${path}"`);
    expect(mail?.html).toContain(`https://shop.example/orders/${placed.json().order.id}`);
    // A consumer's order has VAT and no tax note.
    expect(mail?.text).not.toContain('Autoliquidation');
  });

  it('says why a reverse-charge order has no VAT, in the album language', async () => {
    const call = caller(t.app);
    const owner = await signUp(t.app);
    const album = await cleanAlbum(t.app, owner.access_token, { category: 'business', database: t.database });
    const placed = await call('POST', '/orders', {
      token: owner.access_token,
      payload: orderForm(album.id, {
        email: 'einkauf@example.at',
        organization: 'Muster GmbH',
        countryCode: 'AT',
        city: 'Wien',
        vatId: 'ATU13585627',
      }),
      headers: idempotencyKey(),
    });
    expect(placed.statusCode).toBe(201);
    let mail: typeof outboxMails.$inferSelect | undefined;
    for (let i = 0; i < 100 && !mail; i++) {
      [mail] = await t.database.db.select().from(outboxMails).where(eq(outboxMails.to, 'einkauf@example.at'));
      if (!mail) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(mail?.text).toContain('MwSt.: 0,00');
    expect(mail?.text).toContain('Steuerschuldnerschaft des Leistungsempfängers / Reverse charge');
    expect(mail?.html).toContain('Steuerschuldnerschaft des Leistungsempfängers / Reverse charge');
  });
});
