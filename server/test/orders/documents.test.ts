/**
 * The documents of an order in the back office (issue 14): invoices issued once with gapless numbers, credit
 * notes, the stored PDF for customer and admin, delivery note, the print partner's JSON and the transfer's
 * configuration check — and 404 for everyone but an admin on the admin routes.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workOrderArtifactExports } from '../../src/orders/artifact-export.ts';
import { esvecoJson } from '../../src/orders/esveco-json.ts';
import { findOrder } from '../../src/orders/repository.ts';
import { createStorage } from '../../src/storage/index.ts';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { cmykVariantKey } from '../../src/images/cmyk-variant.ts';
import { findImage } from '../../src/images/repository.ts';
import { startJobQueue, type JobQueue } from '../../src/workers.ts';
import { waitForVariants } from '../fixtures/images/upload-client.ts';
import {
  download,
  editDocument,
  printTestsCanRun,
  startPrintStack,
  testPhoto,
  uploadImage,
  withFullBleedPhoto,
  type PrintStack,
} from '../helpers/print.ts';
import { adminAndOutsiders } from '../helpers/admin-session.ts';
import { startSftpServer, type TestSftpServer } from '../helpers/sftp-server.ts';
import { signStripeWebhook, startFakeStripe, type FakeStripe } from '../fakes/stripe.ts';
import { pdfText } from '../helpers/pdf-files.ts';
import { DATABASE_KINDS, signUp, startTestApp, type Session, type TestApp } from '../helpers/test-app.ts';
import { caller, cleanAlbum, idempotencyKey, orderForm, placeCleanOrder } from './helpers.ts';

describe.each(DATABASE_KINDS)('order documents on %s', (kind) => {
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let customer: Session;
  let adminToken: string;
  let outsiderTokens: Record<string, string | undefined>;

  beforeAll(async () => {
    t = await startTestApp(kind);
    call = caller(t.app);
    // The customer who places the orders is one of the outsiders: ordering gives no way into the back office.
    const staff = await adminAndOutsiders(t);
    ({ adminToken, customer } = staff);
    outsiderTokens = { ...staff.outsiders, stranger: (await signUp(t.app)).access_token };
  });
  afterAll(async () => {
    await t?.close();
  });

  const placeOrder = async (overrides: Record<string, unknown> = {}) =>
    (await placeCleanOrder(t.app, customer.access_token, overrides)).orderId;

  const createInvoice = (orderId: string) =>
    call('POST', `/orders/${orderId}/invoice`, { token: adminToken });
  const invoicePdf = (orderId: string, token: string | undefined, file = 'invoice.pdf') =>
    call('GET', `/orders/${orderId}/${file}`, { token });

  it('issues one invoice per order even when 20 requests arrive at once', async () => {
    const orderId = await placeOrder();
    const responses = await Promise.all(Array.from({ length: 20 }, () => createInvoice(orderId)));
    const codes = responses.map((response) => response.statusCode).sort();
    expect(codes.filter((code) => code === 201)).toHaveLength(1);
    expect(codes.filter((code) => code === 409)).toHaveLength(19);
    expect(responses.find((response) => response.statusCode === 409)!.json().error.code).toBe(
      'INVOICE_ALREADY_EXISTS',
    );
    const again = await createInvoice(orderId);
    expect(again.statusCode).toBe(409);

    const order = await call('GET', `/orders/${orderId}`, { token: customer.access_token });
    const issued = responses.find((response) => response.statusCode === 201)!.json().invoice;
    expect(order.json().order.invoice).toMatchObject({ status: 'open', number: issued.number });
    expect(order.json().order.order_updates.map((update: { signal: string }) => update.signal)).toContain(
      'invoice_created',
    );
  }, 60_000);

  it('numbers invoices of different orders consecutively within the year', async () => {
    const first = (await createInvoice(await placeOrder())).json().invoice.number as string;
    const second = (await createInvoice(await placeOrder())).json().invoice.number as string;
    const year = String(new Date().getUTCFullYear());
    expect(first).toMatch(new RegExp(`^${year}-\\d{6}$`));
    expect(Number(second.slice(5))).toBe(Number(first.slice(5)) + 1);
  }, 30_000);

  it('stores the invoice once: the order lines are in it and two downloads are byte-identical', async () => {
    const orderId = await placeOrder({ lastName: 'Rechnungsprüfer' });
    const issued = await createInvoice(orderId);
    expect(issued.statusCode, issued.body).toBe(201);
    const first = await invoicePdf(orderId, customer.access_token);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    const second = await invoicePdf(orderId, adminToken);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);

    const text = await pdfText(first.rawPayload);
    expect(text).toContain(issued.json().invoice.number);
    expect(text).toContain('Rechnungsprüfer');
    const order = (await call('GET', `/orders/${orderId}`, { token: adminToken })).json().order;
    for (const line of order.line_items as Array<{ title: string }>) expect(text).toContain(line.title);
  }, 30_000);

  it('hides the invoice from strangers, guests and anonymous callers', async () => {
    const orderId = await placeOrder();
    await createInvoice(orderId);
    for (const [who, token] of Object.entries(outsiderTokens)) {
      if (who === 'customer') continue;
      expect((await invoicePdf(orderId, token)).statusCode, who).toBe(404);
    }
  }, 30_000);

  it('corrects an invoice only by a credit note that voids it and carries its own number', async () => {
    const orderId = await placeOrder();
    expect((await call('POST', `/orders/${orderId}/credit_note`, { token: adminToken })).statusCode).toBe(
      409,
    );
    const invoice = (await createInvoice(orderId)).json().invoice;
    const note = await call('POST', `/orders/${orderId}/credit_note`, { token: adminToken });
    expect(note.statusCode, note.body).toBe(201);
    expect(note.json().credit_note).toMatchObject({ kind: 'credit_note' });
    expect(note.json().credit_note.number).not.toBe(invoice.number);

    const state = (await call('GET', `/orders/${orderId}/documents`, { token: adminToken })).json();
    expect(state.invoice.status).toBe('void');
    expect(state.credit_note.number).toBe(note.json().credit_note.number);
    const pdf = await invoicePdf(orderId, adminToken, 'credit_note.pdf');
    expect(await pdfText(pdf.rawPayload)).toContain(invoice.number);

    const twice = await call('POST', `/orders/${orderId}/credit_note`, { token: adminToken });
    expect(twice.json().error.code).toBe('INVOICE_ALREADY_VOID');
    // Nothing was paid: the credit note only cancels the claim, it is neither paid nor a refund that is owed.
    expect(note.json().credit_note.status).toBe('void');
    // The credit note released the order: the corrected invoice follows with its own number.
    const corrected = await createInvoice(orderId);
    expect(corrected.statusCode, corrected.body).toBe(201);
    expect(corrected.json().invoice.status).toBe('open');
    expect([invoice.number, note.json().credit_note.number]).not.toContain(corrected.json().invoice.number);
    expect((await createInvoice(orderId)).json().error.code).toBe('INVOICE_ALREADY_EXISTS');
    const after = (await call('GET', `/orders/${orderId}/documents`, { token: adminToken })).json();
    expect(after.invoice.number).toBe(corrected.json().invoice.number);
    expect(after.history.map((document: { number: string }) => document.number)).toEqual([
      invoice.number,
      note.json().credit_note.number,
      corrected.json().invoice.number,
    ]);
  }, 30_000);

  it('opens the delivery note inline with the shipping address and the order lines, without prices', async () => {
    const orderId = await placeOrder({ lastName: 'Lieferschein' });
    const link = await call('GET', `/orders/${orderId}/delivery_note`, { token: adminToken });
    expect(link.statusCode).toBe(200);
    // SPEC §7: the answer is the PDF's address, a signed link a new tab opens without a bearer token.
    const { pdf_url } = link.json();
    expect(new URL(pdf_url, 'http://x').pathname).toBe(`/api/v1/orders/${orderId}/delivery_note.pdf`);
    const response = await t.app.inject({ method: 'GET', url: pdf_url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^inline/);
    const text = await pdfText(response.rawPayload);
    expect(text).toContain('Erika Lieferschein');
    expect(text).toContain('Hauptstraße 1');
    const order = (await call('GET', `/orders/${orderId}`, { token: adminToken })).json().order;
    expect(text).toContain(order.line_items[0].title);
    expect(text).not.toContain(order.amount_gross_human);
  });

  it('opens documents in a new tab through a signed link that fits only its own order', async () => {
    const orderId = await placeOrder();
    const otherId = await placeOrder();
    await createInvoice(orderId);
    const links = (await call('GET', `/orders/${orderId}/documents`, { token: adminToken })).json();
    const open = (url: string) => t.app.inject({ method: 'GET', url });
    expect((await open(links.delivery_note_url)).statusCode).toBe(200);
    expect((await open(links.invoice.pdf_url)).statusCode).toBe(200);
    expect((await open(links.delivery_note_url.replace(orderId, otherId))).statusCode).toBe(404);
    expect((await open(links.delivery_note_url.replace(/sig=[^&]+/, 'sig=forged'))).statusCode).toBe(404);
  }, 30_000);

  it('downloads the print partner JSON with order, address, lines, album statistics and files', async () => {
    const orderId = await placeOrder({ noAlbums: 60 });
    const response = await call('GET', `/orders/${orderId}/esveco_json`, { token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="SB-\d+\.json"/);
    const json = response.json();
    expect(json.order).toMatchObject({ id: orderId, no_albums: 60 });
    expect(json.address).toMatchObject({ last_name: 'Mustermann', city: 'Berlin' });
    expect(json.lines.length).toBeGreaterThan(0);
    expect(json.album.statistics.spreads).toBeGreaterThan(0);
    expect(json.files.map((file: { name: string }) => file.name)).toEqual([
      'album_softcover_inside.pdf',
      'album_softcover.pdf',
      'stickers.pdf',
      'stickerpack.pdf',
    ]);
    // The download is the JSON the artifact carries, field for field: the response schema drops nothing.
    const order = (await findOrder(t.database.db, orderId))!;
    expect(response.body).toBe(JSON.stringify(await esvecoJson(t.database.db, order)));
  });

  it('refuses the transfer without print partner configuration and says what to set', async () => {
    const orderId = await placeOrder();
    const response = await call('POST', `/orders/${orderId}/transfer`, { token: adminToken });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('PRINT_PARTNER_NOT_CONFIGURED');
    expect(response.json().error.message).toContain('PRINT_PARTNER_SFTP_URL');
  });

  it('answers 404 to everyone but an admin on every admin route, and changes nothing', async () => {
    const orderId = await placeOrder();
    const routes: Array<['GET' | 'POST', string]> = [
      ['GET', `/orders/${orderId}/documents`],
      ['POST', `/orders/${orderId}/invoice`],
      ['POST', `/orders/${orderId}/credit_note`],
      ['GET', `/orders/${orderId}/delivery_note`],
      ['GET', `/orders/${orderId}/delivery_note.pdf`],
      ['GET', `/orders/${orderId}/esveco_json`],
      ['POST', `/orders/${orderId}/transfer`],
    ];
    for (const [who, token] of Object.entries(outsiderTokens)) {
      for (const [method, url] of routes) {
        expect((await call(method, url, { token })).statusCode, `${who} ${method} ${url}`).toBe(404);
      }
    }
    const state = (await call('GET', `/orders/${orderId}/documents`, { token: adminToken })).json();
    expect(state.invoice).toBeNull();
    expect(
      (await call('GET', `/orders/00000000-0000-4000-8000-000000000000/documents`, { token: adminToken }))
        .statusCode,
    ).toBe(404);
  });
});

describe('invoices with Stripe', () => {
  const SECRET_KEY = 'sk_test_fake_documents';
  const WEBHOOK_SECRET = 'whsec_fake_documents';
  let fake: FakeStripe;
  let t: TestApp;
  let call: ReturnType<typeof caller>;
  let customer: Session;
  let adminToken: string;

  beforeAll(async () => {
    fake = await startFakeStripe(SECRET_KEY);
    t = await startTestApp('pglite', {
      stripeSecretKey: SECRET_KEY,
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiUrl: fake.url,
    });
    call = caller(t.app);
    ({ adminToken, customer } = await adminAndOutsiders(t));
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('still issues the invoice when Stripe refuses its copy, only without the hosted page', async () => {
    const album = await cleanAlbum(t.app, customer.access_token);
    const placed = await call('POST', '/orders', {
      token: customer.access_token,
      payload: orderForm(album.id),
      headers: idempotencyKey(),
    });
    const orderId = placed.json().order.id as string;
    fake.failNext.set('/v1/invoiceitems', 400);
    const issued = await call('POST', `/orders/${orderId}/invoice`, { token: adminToken });
    expect(issued.statusCode, issued.body).toBe(201);
    expect(issued.json().invoice).toMatchObject({ status: 'open', hosted_invoice_url: null });
  }, 30_000);

  it('shows the hosted Stripe page to the customer and turns paid on a signed invoice.paid event', async () => {
    const album = await cleanAlbum(t.app, customer.access_token);
    const placed = await call('POST', '/orders', {
      token: customer.access_token,
      payload: orderForm(album.id),
      headers: idempotencyKey(),
    });
    const orderId = placed.json().order.id as string;
    const issued = await call('POST', `/orders/${orderId}/invoice`, { token: adminToken });
    expect(issued.statusCode, issued.body).toBe(201);
    const hosted = issued.json().invoice.hosted_invoice_url as string;
    expect(hosted).toMatch(/^https?:\/\//);
    const order = async () =>
      (await call('GET', `/orders/${orderId}`, { token: customer.access_token })).json().order;
    expect((await order()).invoice).toMatchObject({ status: 'open', hosted_invoice_url: hosted });

    const number = issued.json().invoice.number as string;
    const stripeId = [...fake.invoices.values()].find(
      (invoice) => (invoice.metadata as Record<string, string>).invoice_number === number,
    )!.id;
    const payload = fake.paidEvent(stripeId);
    const webhook = (signature: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/webhook',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    const forged = await webhook(signStripeWebhook(payload, 'whsec_someone_else'));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('STRIPE_SIGNATURE_INVALID');
    expect((await order()).invoice.status).toBe('open');

    expect((await webhook(signStripeWebhook(payload, WEBHOOK_SECRET))).statusCode).toBe(200);
    // Stripe may deliver an event twice.
    expect((await webhook(signStripeWebhook(payload, WEBHOOK_SECRET))).statusCode).toBe(200);
    expect((await order()).invoice.status).toBe('paid');
  }, 30_000);
});

describe.skipIf(!printTestsCanRun)('artifact export and transfer to the print partner', () => {
  let stack: PrintStack;
  let imageJobs: JobQueue;
  let sftp: TestSftpServer;
  let keyDir: string;
  let call: ReturnType<typeof caller>;
  let customer: Session;
  let adminToken: string;
  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

  beforeAll(async () => {
    sftp = await startSftpServer();
    keyDir = await mkdtemp(join(tmpdir(), 'documents-sftp-'));
    const keyFile = join(keyDir, 'id_ed25519');
    await writeFile(keyFile, sftp.clientPrivateKey);
    stack = await startPrintStack({
      config: { printPartner: { sftpUrl: sftp.url, privateKey: keyFile, hostKeySha256: sftp.hostKeySha256 } },
    });
    await workOrderArtifactExports(stack.jobs.boss, {
      ...stack.deps,
      config: stack.config,
      storage: createStorage(stack.config).storage,
    });
    // The photo's variants and its print-shop CMYK copy are made by the image jobs.
    imageJobs = await startJobQueue(stack.database, { work: true, config: stack.config });
    call = caller(stack.app);
    ({ adminToken, customer } = await adminAndOutsiders(stack));
  }, 60_000);
  afterAll(async () => {
    await imageJobs?.stop();
    await stack?.stop();
    await sftp?.close();
    if (keyDir) await rm(keyDir, { recursive: true, force: true });
  });

  it('exports the four print PDFs with JSON and checksummed manifest, then lands the zip on the SFTP server', async () => {
    const album = await cleanAlbum(stack.app, customer.access_token);
    // A full-bleed photo inside: the print file embeds its CMYK copy as it is, as the print exports do.
    const photo = { width: 1500, height: 1920 };
    const photoId = await uploadImage(
      stack,
      customer.access_token,
      album.id,
      await testPhoto(photo.width, photo.height),
    );
    expect((await waitForVariants(stack.app, customer.access_token, photoId, 60_000)).state).toBe('finished');
    await editDocument(stack, album.id, (doc) => withFullBleedPhoto(doc, photoId, 2, 'left'));
    const placed = await call('POST', '/orders', {
      token: customer.access_token,
      payload: orderForm(album.id),
      headers: idempotencyKey(),
    });
    const order = placed.json().order as { id: string };
    // Invoiced, credited, corrected (57 albums) and invoiced again: the artifact carries the corrected order.
    await call('POST', `/orders/${order.id}/invoice`, { token: adminToken });
    await call('POST', `/orders/${order.id}/credit_note`, { token: adminToken });
    const placedView = (await call('GET', `/orders/${order.id}`, { token: adminToken })).json().order as {
      line_items: Array<{ id: string; product: string }>;
    };
    const albumLine = placedView.line_items.find((line) => line.product === 'album')!;
    const corrected = await call('PATCH', `/line_items/${albumLine.id}`, {
      token: adminToken,
      payload: { quantity: 57 },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const reissued = await call('POST', `/orders/${order.id}/invoice`, { token: adminToken });
    expect(reissued.statusCode, reissued.body).toBe(201);
    const notReady = await call('POST', `/orders/${order.id}/transfer`, { token: adminToken });
    expect(notReady.json().error.code).toBe('ARTIFACT_NOT_READY');

    const started = await call('POST', `/orders/${order.id}/esveco_artifact`, { token: adminToken });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ state: 'working', progress: 0, blob_url: null });
    expect(
      (await call('POST', `/orders/${order.id}/esveco_artifact`, { token: adminToken })).statusCode,
    ).toBe(409);

    let state = started.json();
    const deadline = Date.now() + 150_000;
    while (state.state === 'working' && Date.now() < deadline) {
      await sleep(500);
      state = (await call('GET', `/orders/${order.id}/esveco_artifact`, { token: adminToken })).json();
    }
    expect(state, JSON.stringify(state)).toMatchObject({ state: 'finished', progress: 100 });

    const zip = await download(stack, state.blob_url);
    expect(sha256(zip)).toBe(state.sha256);
    const unzipDir = await mkdtemp(join(tmpdir(), 'documents-unzip-'));
    try {
      await writeFile(join(unzipDir, 'artifact.zip'), zip);
      await promisify(execFile)('unzip', ['-q', 'artifact.zip', '-d', 'out'], { cwd: unzipDir });
      const manifest = JSON.parse(await readFile(join(unzipDir, 'out', 'manifest.json'), 'utf8')) as {
        files: Array<{ name: string; sha256: string }>;
      };
      expect(manifest.files.map((file) => file.name).sort()).toEqual(
        [
          'album_softcover.pdf',
          'album_softcover_inside.pdf',
          'order.json',
          'stickerpack.pdf',
          'stickers.pdf',
        ].sort(),
      );
      for (const file of manifest.files) {
        const bytes = await readFile(join(unzipDir, 'out', file.name));
        expect(sha256(bytes), file.name).toBe(file.sha256);
        if (file.name.endsWith('.pdf')) expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      }
      const orderJson = JSON.parse(await readFile(join(unzipDir, 'out', 'order.json'), 'utf8')) as {
        order: { no_albums: number; amount_gross: number };
        lines: Array<{ product: string; quantity: number }>;
      };
      expect(orderJson.order.no_albums).toBe(57);
      expect(orderJson.lines.find((line) => line.product === 'album')!.quantity).toBe(57);
      expect(orderJson.order.amount_gross).toBe(reissued.json().invoice.gross_amount);
      const inside = await PDFDocument.load(
        await readFile(join(unzipDir, 'out', 'album_softcover_inside.pdf')),
      );
      const photoStreams: Buffer[] = [];
      for (const [, object] of inside.context.enumerateIndirectObjects()) {
        const width = object instanceof PDFRawStream ? object.dict.get(PDFName.of('Width')) : undefined;
        if (width instanceof PDFNumber && width.asNumber() === photo.width)
          photoStreams.push(Buffer.from((object as PDFRawStream).contents));
      }
      const image = (await findImage(stack.database.db, photoId))!;
      const copy = await readFile(join(stack.dataDir, 'blobs', cmykVariantKey(image.variants.original!.key)));
      expect(photoStreams).toEqual([copy]);
    } finally {
      await rm(unzipDir, { recursive: true, force: true });
    }

    const transfer = await call('POST', `/orders/${order.id}/transfer`, { token: adminToken });
    expect(transfer.statusCode, transfer.body).toBe(200);
    const name = (await call('GET', `/orders/${order.id}`, { token: adminToken })).json().order
      .name as string;
    expect(transfer.json().remote_path).toMatch(new RegExp(`${name}\\.zip$`));
    const landed = await readFile(join(sftp.root, 'inbox', `${name}.zip`));
    expect(sha256(landed)).toBe(state.sha256);

    const timeline = (await call('GET', `/orders/${order.id}`, { token: adminToken })).json().order
      .order_updates;
    const signals = timeline.map((update: { signal: string }) => update.signal);
    expect(signals).toEqual(
      expect.arrayContaining([
        'export_started',
        'export_completed',
        'transfer_started',
        'transfer_completed',
      ]),
    );
  }, 180_000);
});
