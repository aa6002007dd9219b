/**
 * GET /albums/:id/checkout (issue 13): the live quote from the seeded price tables, the voucher answers, the rules
 * of the product step, access, and the preflight and statistics GET /albums/:id carries.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { grossOf } from '@stickerbook/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vouchers } from '../../src/db/schema.ts';
import {
  createGuest,
  DATABASE_KINDS,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from '../helpers/test-app.ts';
import { photo, uploadImage } from '../fixtures/images/upload-client.ts';
import { addEmptyCell, caller, cleanAlbum } from './helpers.ts';

const nbsp = (text: string) => text.replace(/\u00a0/g, ' ');

describe.each(DATABASE_KINDS)('checkout quote on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: Session;
  let album: Awaited<ReturnType<typeof cleanAlbum>>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    call = caller(t.app);
    owner = await signUp(t.app);
    album = await cleanAlbum(t.app, owner.access_token);
    const day = 86_400_000;
    await t.database.db.insert(vouchers).values([
      { code: 'SOMMER10', kind: 'percent', value: 1000 },
      { code: 'VORBEI', kind: 'percent', value: 1000, endsAt: new Date(Date.now() - day) },
      { code: 'EINMAL', kind: 'fixed', value: 2000, currency: 'EUR', maxUses: 1, uses: 1 },
      { code: 'GROSS', kind: 'fixed', value: 5000, currency: 'EUR', minimumAmount: 100_000 },
    ]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const quote = (query = '', token = owner.access_token, language = 'de', albumId = album.id) =>
    call('GET', `/albums/${albumId}/checkout${query}`, { token, language });

  it('prices 50 albums with sticker packs to Germany at 285,01 € gross: 19 % of 239,50 € is 45,505 €, rounded half up', async () => {
    const response = await quote();
    expect(response.statusCode).toBe(200);
    const { checkout } = response.json();
    expect(checkout).toMatchObject({
      currency: 'EUR',
      amount: 23_950,
      amount_gross: 28_501,
      tax_value: 4_551,
      tax_treatment: 'standard',
      vat_basis_points: 1900,
      payment: { method: 'invoice_bank_transfer', due_days: null },
      default_country_code: 'DE',
      no_albums_range: { min: 10, max: 500, default: 50 },
      errors: [],
      voucher: null,
    });
    expect(nbsp(checkout.amount_gross_human)).toBe('285,01 €');
    expect(
      checkout.line_items.map((item: { product: string; title: string }) => [item.product, item.title]),
    ).toEqual([
      ['album', 'Stickeralbum'],
      ['stickerpack', 'Stickertütchen'],
    ]);
    expect(checkout.countries).toHaveLength(14);
    expect(checkout.available_features.map((f: { key: string }) => f.key)).toEqual([
      'gift_wrapping',
      'express_production',
    ]);
  });

  it('prices a Polish album in złoty: 1241 zł to Poland', async () => {
    const polish = await cleanAlbum(t.app, owner.access_token, { language: 'pl' });
    const { checkout } = (await quote('', owner.access_token, 'pl', polish.id)).json();
    expect(checkout).toMatchObject({ currency: 'PLN', amount_gross: 124_100, default_country_code: 'PL' });
    expect(nbsp(checkout.amount_gross_human)).toBe('1241,00 zł');
    expect(nbsp(checkout.line_items[0].title)).toBe('Album z naklejkami');
  });

  it('formats money and titles in the request language', async () => {
    const { checkout } = (await quote('', owner.access_token, 'en')).json();
    expect(checkout.amount_gross_human).toBe('€285.01');
    expect(checkout.line_items[0].title).toBe('Sticker album');
  });

  it('follows the album count, packaging, country and extra options', async () => {
    const { checkout } = (
      await quote(
        '?no_albums=100&sticker_packaging_type=stickerbox_single_variety&country_code=AT&order_features=gift_wrapping&order_features=express_production',
      )
    ).json();
    // 100 x 3,49 + 100 x 1,50 + 100 x 1,50 + 49,00 + 14,90 shipping to Austria.
    expect(checkout.amount).toBe(34_900 + 15_000 + 15_000 + 4_900 + 1_490);
    expect(checkout.amount_gross).toBe(grossOf(checkout.amount, 1900));
    expect(checkout.line_items.map((item: { product: string }) => item.product)).toEqual([
      'album',
      'stickerbox_single_variety',
      'gift_wrapping',
      'express_production',
    ]);
  });

  it('accepts the stickerboxSingleVariety spelling of the single-variety box (SPEC §4)', async () => {
    const snake = (await quote('?sticker_packaging_type=stickerbox_single_variety')).json().checkout;
    const camel = await quote('?sticker_packaging_type=stickerboxSingleVariety');
    expect(camel.statusCode).toBe(200);
    expect(camel.json().checkout.line_items).toEqual(snake.line_items);
    expect(camel.json().checkout.amount_gross).toBe(snake.amount_gross);
  });

  it('quotes an Austrian business with a valid VAT id under reverse charge: no VAT, a lower total', async () => {
    const consumer = (await quote('?country_code=AT')).json().checkout;
    const response = await quote('?country_code=AT&vat_id=atu%20135%20856%2027');
    expect(response.statusCode).toBe(200);
    const { checkout } = response.json();
    expect(checkout).toMatchObject({
      tax_treatment: 'reverse_charge',
      vat_basis_points: 0,
      tax_value: 0,
      amount: consumer.amount,
      amount_gross: consumer.amount,
    });
    expect(consumer).toMatchObject({ tax_treatment: 'standard', vat_basis_points: 1900 });
    expect(checkout.amount_gross).toBeLessThan(consumer.amount_gross);
  });

  it('quotes a Swiss delivery as an export without VAT, and a German business with 19 %', async () => {
    const swiss = (await quote('?country_code=CH')).json().checkout;
    expect(swiss).toMatchObject({ tax_treatment: 'export', vat_basis_points: 0, tax_value: 0 });
    expect(swiss.amount_gross).toBe(swiss.amount);
    const german = (await quote('?country_code=DE&vat_id=DE136695976')).json().checkout;
    expect(german).toMatchObject({ tax_treatment: 'standard', tax_value: 4_551, amount_gross: 28_501 });
  });

  it('refuses a wrong VAT id or Leitweg-ID with 422 naming the field, in the request language', async () => {
    const wrong = await quote('?country_code=AT&vat_id=ATU13585628');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.details.fields).toEqual([
      {
        field: 'vat_id',
        code: 'VAT_ID_CHECK_DIGIT',
        message: 'Diese USt-IdNr. ist ungültig: Die Prüfziffer stimmt nicht. Bitte prüfe die Eingabe.',
      },
    ]);
    const foreign = await quote('?country_code=DE&vat_id=ATU13585627', owner.access_token, 'en');
    expect(foreign.json().error.details.fields).toEqual([
      {
        field: 'vat_id',
        code: 'VAT_ID_COUNTRY_MISMATCH',
        message: 'This VAT id belongs to another country than the delivery country.',
      },
    ]);
    const reference = await quote('?buyer_reference=04011000-1234512345-07');
    expect(reference.statusCode).toBe(422);
    expect(reference.json().error.details.fields[0]).toMatchObject({
      field: 'buyer_reference',
      code: 'LEITWEG_ID_CHECK_DIGIT',
    });
    expect((await quote('?buyer_reference=04011000-1234512345-06')).statusCode).toBe(200);
  });

  it('states payment through Stripe’s hosted invoice within its term when Stripe is configured', async () => {
    const stripeApp = await startTestApp(kind, { stripeSecretKey: 'sk_test_checkout' });
    try {
      const user = await signUp(stripeApp.app);
      const own = await cleanAlbum(stripeApp.app, user.access_token);
      const response = await caller(stripeApp.app)('GET', `/albums/${own.id}/checkout`, {
        token: user.access_token,
        language: 'de',
      });
      expect(response.json().checkout.payment).toEqual({ method: 'stripe_hosted_invoice', due_days: 14 });
    } finally {
      await stripeApp.close();
    }
  });

  it('answers each voucher status with a translated message and never fails the quote', async () => {
    const statusOf = async (code: string) => (await quote(`?voucher_code=${code}`)).json().checkout.voucher;
    const valid = await statusOf('sommer10');
    expect(valid).toMatchObject({ code: 'SOMMER10', status: 'valid', error_message: null, discount: 2_395 });
    expect(await statusOf('GIBTSNICHT')).toMatchObject({
      status: 'invalid',
      error_message: 'Dieser Gutscheincode ist ungültig.',
    });
    expect(await statusOf('VORBEI')).toMatchObject({
      status: 'inactive',
      error_message: 'Dieser Gutschein ist nicht mehr aktiv.',
    });
    expect(await statusOf('EINMAL')).toMatchObject({
      status: 'taken',
      error_message: 'Dieser Gutschein wurde bereits eingelöst.',
    });
    const small = await statusOf('GROSS');
    expect(small.status).toBe('below_minimum_amount');
    expect(nbsp(small.error_message)).toBe('Dieser Gutschein gilt erst ab einem Bestellwert von 1.000,00 €.');
    const { checkout } = (await quote('?voucher_code=SOMMER10')).json();
    expect(checkout.amount).toBe(23_950 - 2_395);
  });

  it('refuses counts outside the category range and unknown choices with field messages', async () => {
    for (const count of [9, 501]) {
      const response = await quote(`?no_albums=${count}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().error.details.fields).toEqual([
        {
          field: 'no_albums',
          code: 'ALBUM_COUNT_OUT_OF_RANGE',
          message: 'Diese Anzahl an Alben ist für diese Albumart nicht möglich.',
        },
      ]);
    }
    expect((await quote('?no_albums=500')).statusCode).toBe(200);
    const bad = await quote(
      '?country_code=US&sticker_packaging_type=crate&order_features=unicorn',
      owner.access_token,
      'en',
    );
    expect(bad.statusCode).toBe(422);
    expect(
      bad.json().error.details.fields.map((f: { field: string; code: string }) => [f.field, f.code]),
    ).toEqual([
      ['sticker_packaging_type', 'PACKAGING_UNKNOWN'],
      ['country_code', 'COUNTRY_NOT_SUPPORTED'],
      ['order_features', 'FEATURE_UNKNOWN'],
    ]);
  });

  it('uses the SPEC ranges of each category at their boundaries', async () => {
    const ranges = { wedding: 200, business: 700, sports: 200, community: 500 };
    for (const [category, max] of Object.entries(ranges)) {
      const categorised = await cleanAlbum(t.app, owner.access_token, { category, database: t.database });
      for (const count of [10, 50, 200, 500, 700]) {
        const response = await quote(`?no_albums=${count}`, owner.access_token, 'de', categorised.id);
        expect([category, count, response.statusCode]).toEqual([category, count, count <= max ? 200 : 422]);
      }
    }
  });

  it('shows the checkout to a guest owning the album and hides it from strangers', async () => {
    const guest = await createGuest(t.app);
    const guestAlbum = await cleanAlbum(t.app, guest.access_token);
    expect((await quote('', guest.access_token, 'de', guestAlbum.id)).statusCode).toBe(200);
    const stranger = await signUp(t.app);
    const refused = await quote('', stranger.access_token);
    expect(refused.statusCode).toBe(404);
    expect((await quote('', stranger.access_token, 'de', 'no-such-album')).statusCode).toBe(404);
    expect((await call('GET', `/albums/${album.id}/checkout`)).statusCode).toBe(401);
  });

  it('warns when the albums would not arrive a day before the event', async () => {
    const soon = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const late = new Date(Date.now() + 120 * 86_400_000).toISOString().slice(0, 10);
    expect((await quote(`?release_date=${soon}`)).json().checkout.delivery_warning).toBe(true);
    expect((await quote(`?release_date=${late}`)).json().checkout.delivery_warning).toBe(false);
  });

  it('rate-limits voucher guessing per user with 429 and retry-after, but not re-quoting a known code', async () => {
    const guesser = await signUp(t.app);
    const own = await cleanAlbum(t.app, guesser.access_token);
    for (let i = 0; i < 10; i++) {
      const response = await quote(`?voucher_code=RATEN${i}`, guesser.access_token, 'de', own.id);
      expect(response.statusCode).toBe(200);
    }
    // The same wrong code again (the customer moved the slider) is no new guess.
    expect(
      (await quote('?voucher_code=RATEN3&no_albums=60', guesser.access_token, 'de', own.id)).statusCode,
    ).toBe(200);
    const limited = await quote('?voucher_code=RATEN10', guesser.access_token, 'de', own.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Quotes without a voucher go on.
    expect((await quote('', guesser.access_token, 'de', own.id)).statusCode).toBe(200);
  });

  it('rate-limits voucher guessing per IP across accounts', async () => {
    let limited = 0;
    // 30 wrong codes per IP: every test call comes from 127.0.0.1, spread over accounts below their own limit.
    for (let user = 0; user < 4 && limited === 0; user++) {
      const session = await signUp(t.app);
      const own = await cleanAlbum(t.app, session.access_token);
      for (let i = 0; i < 9; i++) {
        const response = await quote(`?voucher_code=IP${user}X${i}`, session.access_token, 'de', own.id);
        if (response.statusCode === 429) limited++;
      }
    }
    expect(limited).toBeGreaterThan(0);
  });
});

describe.each(DATABASE_KINDS)('album preflight and statistics on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let owner: Session;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-preflight-'));
    t = await startTestApp(kind, { dataDir });
    call = caller(t.app);
    owner = await signUp(t.app);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('lists an empty sticker cell in GET /albums/:id and the checkout as soon as it is added', async () => {
    const album = await cleanAlbum(t.app, owner.access_token);
    const before = (await call('GET', `/albums/${album.id}`, { token: owner.access_token })).json();
    expect(before.errors).toEqual([]);
    expect(before.statistics).toEqual({ inlaySpreadsCount: 2, spreadsNeeded: 0, spine: 0 });
    const added = await addEmptyCell(t.app, owner.access_token, album);
    expect(added.status).toBe(200);
    const after = (
      await call('GET', `/albums/${album.id}`, { token: owner.access_token, language: 'en' })
    ).json();
    expect(after.errors).toEqual([
      expect.objectContaining({
        code: 'EMPTY_STICKER_CELL',
        element_id: added.cellId,
        message: 'A sticker cell is still empty.',
      }),
    ]);
    const { checkout } = (
      await call('GET', `/albums/${album.id}/checkout`, { token: owner.access_token })
    ).json();
    expect(checkout.errors.map((e: { code: string }) => e.code)).toEqual(['EMPTY_STICKER_CELL']);
  });

  it('judges a placed photo by its image record, and forgets it when the record is deleted', async () => {
    const album = await cleanAlbum(t.app, owner.access_token);
    const uploaded = await uploadImage(t.app, owner.access_token, album.id, await photo(300, 300));
    expect(uploaded.statusCode).toBe(201);
    const imageId = uploaded.json().id as string;
    const current = (await call('GET', `/albums/${album.id}`, { token: owner.access_token })).json();
    const spreadId = Object.values(
      current.workspace.nodes as Record<string, { type: string; parentId: string }>,
    ).find((node) => node.type === 'StickerCell')!.parentId;
    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/albums/${album.id}/mutations`,
      headers: { authorization: `Bearer ${owner.access_token}` },
      payload: {
        version: current.version,
        clientId: 'order-tests',
        mutationId: 'place-blurry-photo',
        patches: [
          {
            op: 'add',
            path: '/nodes/blurryPhoto00001',
            value: {
              id: 'blurryPhoto00001',
              type: 'Image',
              parentId: spreadId,
              index: 'a0',
              props: { x: 0, y: 0, width: 230, height: 297, image: imageId },
            },
          },
        ],
      },
    });
    expect(placed.statusCode).toBe(200);
    const blurry = (await call('GET', `/albums/${album.id}`, { token: owner.access_token })).json();
    expect(blurry.errors.map((e: { code: string; element_id: string }) => [e.code, e.element_id])).toEqual([
      ['IMAGE_RESOLUTION_TOO_LOW', 'blurryPhoto00001'],
    ]);
    expect((await call('DELETE', `/images/${imageId}`, { token: owner.access_token })).statusCode).toBe(204);
    const gone = (await call('GET', `/albums/${album.id}`, { token: owner.access_token })).json();
    expect(gone.version).toBe(blurry.version);
    expect(gone.errors).toEqual([]);
  });
});
