/**
 * GDPR self-service (issue 24 item 2): "download my data" as a job whose zip holds the account, the albums with
 * their images and sticker link uploads, the orders and the invoice PDFs; "delete account" that logs the account
 * out everywhere (REST, refresh, realtime), hands over or deletes shared albums, and keeps orders and invoices
 * without the person.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { startJobQueue, type JobQueue } from '../src/workers.ts';
import {
  albumMembers,
  albums,
  images,
  invoices,
  orders,
  outboxMails,
  refreshTokens,
  stickerUploads,
  users,
} from '../src/db/schema.ts';
import { adminAndOutsiders } from './helpers/admin-session.ts';
import { connect, listen, next } from './helpers/realtime-client.ts';
import { albumWithLink, submitToLink, uploadLinkPhoto } from './helpers/sticker-link.ts';
import {
  DATABASE_KINDS,
  refreshCookie,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from './helpers/test-app.ts';
import { photo, uploadImage } from './fixtures/images/upload-client.ts';
import { caller, cleanAlbum, idempotencyKey, orderForm } from './orders/helpers.ts';

/** Every entry of a zip, read with yauzl (the reading side of the format, independent of our writer). */
async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const zipFile = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zipFile.on('entry', (entry: yauzl.Entry) => {
      zipFile.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        zipFile.readEntry();
      });
    });
    zipFile.on('end', resolve);
    zipFile.on('error', reject);
    zipFile.readEntry();
  });
  return entries;
}

/** The ready mail in the account's language (English: the test accounts have none set). */
const READY_SUBJECT = 'Your Stickerbook data is ready to download';

interface ExportState {
  state: string;
  progress: number;
  blob_url: string | null;
}

describe.each(DATABASE_KINDS)('GDPR self-service on %s', (kind) => {
  let t: TestApp;
  let jobs: JobQueue;
  let dataDir: string;
  let call: ReturnType<typeof caller>;
  let adminToken: string;
  let outsider: Session;
  let listening: string | undefined;
  const baseUrl = async () => (listening ??= await listen(t.app));

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-accounts-'));
    t = await startTestApp(kind, { dataDir });
    jobs = await startJobQueue(t.database, { work: true, config: t.config });
    call = caller(t.app);
    ({ adminToken, customer: outsider } = await adminAndOutsiders(t));
  }, 120_000);
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** A customer with an album holding a photo and a sticker link upload, an order and its issued invoice. */
  async function customerWithEverything() {
    const customer = await signUp(t.app);
    const token = customer.access_token;
    const { album, linkToken, sectionId } = await albumWithLink(t.app, token);
    const uploaded = await uploadImage(t.app, token, album.id, await photo(64, 48));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { blobId } = await uploadLinkPhoto(t.app, linkToken, await photo(40, 50));
    const submitted = await submitToLink(t.app, linkToken, {
      name: 'Anna',
      last_name: 'Berg',
      section_id: sectionId,
      blob_id: blobId,
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const ordered = await cleanAlbum(t.app, token);
    const placed = await call('POST', '/orders', {
      token,
      payload: orderForm(ordered.id),
      headers: idempotencyKey(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<{ order: { id: string; number: number } }>().order.id;
    const issued = await call('POST', `/orders/${orderId}/invoice`, { token: adminToken });
    expect(issued.statusCode, issued.body).toBe(201);
    const pdf = await call('GET', `/orders/${orderId}/invoice.pdf`, { token: adminToken });
    expect(pdf.statusCode).toBe(200);
    return { customer, token, album, orderedAlbum: ordered, orderId, invoicePdf: pdf.rawPayload };
  }

  async function waitForMail(to: string, subject: string) {
    for (let i = 0; i < 300; i++) {
      const mails = await t.database.db.select().from(outboxMails).where(eq(outboxMails.to, to));
      const found = mails.find((mail) => mail.subject === subject);
      if (found) return found;
      await sleep(100);
    }
    throw new Error(`no mail "${subject}" to ${to}`);
  }

  async function waitForExport(url: string, token: string): Promise<ExportState> {
    for (let i = 0; i < 300; i++) {
      const state = (await call('GET', url, { token })).json<ExportState>();
      if (state.state === 'finished' || state.state === 'error') return state;
      await sleep(100);
    }
    throw new Error('the export did not finish');
  }

  it('zips the account, albums with images and sticker link uploads, orders and invoice PDFs for the owner only', async () => {
    const { customer, token, album, orderedAlbum, invoicePdf } = await customerWithEverything();
    expect((await call('GET', '/users/me/data_export', { token })).json()).toMatchObject({
      state: 'none',
      blob_url: null,
    });
    const started = await call('POST', '/users/me/data_export', { token });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json()).toMatchObject({ state: 'working', blob_url: null });

    const done = await waitForExport('/users/me/data_export', token);
    expect(done).toMatchObject({ state: 'finished', progress: 100 });
    const download = await t.app.inject({ url: done.blob_url! });
    expect(download.statusCode).toBe(200);
    const zip = await unzip(download.rawPayload);

    const account = JSON.parse(zip.get('account.json')!.toString('utf8'));
    expect(account).toMatchObject({ id: customer.user.sub, email: customer.user.email });
    const albumJson = JSON.parse(zip.get(`albums/${album.id}/album.json`)!.toString('utf8'));
    expect(albumJson.title).toBe(album.title);
    expect(Object.keys(albumJson.document.nodes).length).toBeGreaterThan(0);
    expect(zip.has(`albums/${orderedAlbum.id}/album.json`)).toBe(true);
    // The photo uploaded to the album and the contributor's photo, as JPEG files.
    const photos = [...zip.keys()].filter((name) => name.startsWith(`albums/${album.id}/images/`));
    expect(photos).toHaveLength(2);
    for (const name of photos) expect(zip.get(name)!.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    const uploads = JSON.parse(zip.get(`albums/${album.id}/sticker-uploads.json`)!.toString('utf8'));
    expect(uploads).toEqual([expect.objectContaining({ name: 'Anna', last_name: 'Berg' })]);
    const orderFiles = [...zip.keys()].filter((name) => name.startsWith('orders/'));
    expect(orderFiles).toHaveLength(1);
    expect(JSON.parse(zip.get(orderFiles[0]!)!.toString('utf8'))).toMatchObject({
      email: 'erika@example.de',
      shipping_address: expect.objectContaining({ first_name: 'Erika' }),
    });
    const invoiceFiles = [...zip.keys()].filter((name) => name.startsWith('invoices/'));
    expect(invoiceFiles).toHaveLength(1);
    expect(zip.get(invoiceFiles[0]!)!.equals(invoicePdf)).toBe(true);

    // Ready: a mail to the account that points at the profile, not at the file (the mail job runs after it).
    const mail = await waitForMail(customer.user.email, READY_SUBJECT);
    expect(mail.text).toContain('/profile');
    expect(mail.text).not.toContain('account-exports');
    // Nobody else sees the export: their own state is empty, and an admin route is 404 for them.
    expect(
      (await call('GET', '/users/me/data_export', { token: outsider.access_token })).json(),
    ).toMatchObject({ state: 'none', blob_url: null });
    expect(
      (await call('GET', `/admin/users/${customer.user.sub}`, { token: outsider.access_token })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/admin/users/${customer.user.sub}/data_export`, { token })).statusCode).toBe(
      404,
    );
    // A forged link to the file is refused.
    const forged = await t.app.inject({ url: done.blob_url!.replace(/sig=[^&]+/, 'sig=forged') });
    expect([403, 404]).toContain(forged.statusCode);
  }, 120_000);

  it('lets an admin export a user from the back office', async () => {
    const customer = await signUp(t.app);
    await cleanAlbum(t.app, customer.access_token);
    const found = await call('GET', `/admin/users?email=${encodeURIComponent(customer.user.email)}`, {
      token: adminToken,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({ user: { sub: customer.user.sub }, data_export: { state: 'none' } });
    const started = await call('POST', `/admin/users/${customer.user.sub}/data_export`, {
      token: adminToken,
    });
    expect(started.statusCode).toBe(202);
    let state: { data_export: ExportState } | undefined;
    for (let i = 0; i < 300 && state?.data_export.state !== 'finished'; i++) {
      await sleep(100);
      state = (await call('GET', `/admin/users/${customer.user.sub}`, { token: adminToken })).json();
    }
    expect(state?.data_export.state).toBe('finished');
    const zip = await unzip((await t.app.inject({ url: state!.data_export.blob_url! })).rawPayload);
    expect(JSON.parse(zip.get('account.json')!.toString('utf8')).email).toBe(customer.user.email);
    // The admin downloads it; the user gets no mail about an export they did not ask for.
    const mails = await t.database.db
      .select()
      .from(outboxMails)
      .where(eq(outboxMails.to, customer.user.email));
    expect(mails.filter((mail) => mail.subject === READY_SUBJECT)).toEqual([]);
  }, 120_000);

  it('refuses a wrong password with a translated code and changes nothing', async () => {
    const { customer, token, album } = await customerWithEverything();
    for (const [password, code] of [
      [undefined, 'PASSWORD_REQUIRED'],
      ['not my password', 'PASSWORD_WRONG'],
    ] as const) {
      const refused = await call('DELETE', '/users/me', { token, payload: password ? { password } : {} });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.code).toBe(code);
    }
    expect((await call('GET', '/users/me', { token })).statusCode).toBe(200);
    expect((await call('GET', `/albums/${album.id}`, { token })).statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, customer.user.sub));
    expect(row?.email).toBe(customer.user.email);
  }, 120_000);

  it('deletes the account: logged out everywhere, shared album handed over, orders and invoices kept without the person', async () => {
    const { customer, token, album, orderedAlbum, orderId, invoicePdf } = await customerWithEverything();
    const member = await signUp(t.app);
    await t.database.db.insert(albumMembers).values({ albumId: album.id, userId: member.user.sub });
    const outsiderAlbum = await cleanAlbum(t.app, outsider.access_token);
    const plan = await call('GET', '/users/me/deletion', { token });
    expect(plan.json()).toEqual({
      confirm_with: 'password',
      shared_albums: [
        { id: album.id, title: album.title, members: [expect.objectContaining({ id: member.user.sub })] },
      ],
    });

    // Realtime: the customer's editor of their album is open, the member's too.
    const socket = await connect(await baseUrl(), { token, albumId: orderedAlbum.id });
    // Listening from here on: the refused attempts below come first (scrypt is slow on a busy machine).
    const accessLost = next<{ code: string }>(socket, 'connection_error', 60_000);
    const disconnected = next(socket, 'disconnect', 60_000);

    const undecided = await call('DELETE', '/users/me', {
      token,
      payload: { password: 'correct horse battery' },
    });
    expect(undecided.statusCode).toBe(409);
    expect(undecided.json().error).toMatchObject({
      code: 'SHARED_ALBUMS_NEED_DECISION',
      details: { album_ids: [album.id] },
    });
    const stranger = await call('DELETE', '/users/me', {
      token,
      payload: {
        password: 'correct horse battery',
        shared_albums: [{ album_id: album.id, action: 'hand_over', new_owner_id: outsider.user.sub }],
      },
    });
    expect(stranger.json().error.code).toBe('NEW_OWNER_NOT_MEMBER');
    expect((await call('GET', '/users/me', { token })).statusCode).toBe(200);

    const deleted = await call('DELETE', '/users/me', {
      token,
      payload: {
        password: 'correct horse battery',
        shared_albums: [{ album_id: album.id, action: 'hand_over', new_owner_id: member.user.sub }],
      },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    // The token no longer works anywhere: REST, refresh, realtime (open socket closed, new one refused).
    expect(await accessLost).toMatchObject({ code: 'ACCESS_LOST' });
    await disconnected;
    expect((await call('GET', '/users/me', { token })).statusCode).toBe(401);
    expect((await call('GET', '/albums', { token })).statusCode).toBe(401);
    expect((await call('POST', '/users/me/data_export', { token })).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: refreshCookie(customer.refresh_token),
    });
    expect(refreshed.statusCode).toBe(401);
    await expect(connect(await baseUrl(), { token, albumId: album.id })).rejects.toMatchObject({
      message: 'UNAUTHORIZED',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: customer.user.email, password: 'correct horse battery' },
    });
    expect(login.statusCode).toBe(401);
    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, customer.user.sub))).toEqual([]);
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.subject, customer.user.sub))).toEqual(
      [],
    );

    // The shared album is the member's now, with its photos and uploads; the other album is gone.
    const handed = await call('GET', `/albums/${album.id}`, { token: member.access_token });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().owner_identifier).toBe(member.user.sub);
    expect(await db.select().from(albumMembers).where(eq(albumMembers.albumId, album.id))).toEqual([]);
    expect(await db.select().from(stickerUploads).where(eq(stickerUploads.albumId, album.id))).toHaveLength(
      1,
    );
    expect(await db.select().from(albums).where(eq(albums.id, orderedAlbum.id))).toEqual([]);
    expect(await db.select().from(images).where(eq(images.albumId, orderedAlbum.id))).toEqual([]);

    // The order and its invoice stay: the invoice's name and address, the same PDF, nothing else of the person.
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: null, email: '', phone: null, comment: null });
    expect(order!.searchText).not.toContain('@');
    const [invoice] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(invoice).toBeDefined();
    const pdf = await call('GET', `/orders/${orderId}/invoice.pdf`, { token: adminToken });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.equals(invoicePdf)).toBe(true);
    const adminOrder = (await call('GET', `/orders/${orderId}`, { token: adminToken })).json().order;
    expect(adminOrder.shipping_address).toMatchObject({
      first_name: 'Erika',
      last_name: 'Mustermann',
      city: 'Berlin',
      phone: null,
    });
    expect(adminOrder.email).toBe('');

    // Everyone else's data is untouched.
    expect(
      (await call('GET', `/albums/${outsiderAlbum.id}`, { token: outsider.access_token })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/users/me', { token: member.access_token })).statusCode).toBe(200);
  }, 120_000);

  it('lets an account from the outside login provider confirm with its e-mail address instead of a password', async () => {
    const [row] = await t.database.db
      .insert(users)
      .values({ email: 'oidc-only@example.com', oidcSubject: 'provider|4711' })
      .returning();
    const token = await t.app.ctx.tokens.sign({ kind: 'user', id: row!.id, email: row!.email, roles: [] });
    expect((await call('GET', '/users/me/deletion', { token })).json().confirm_with).toBe('email');
    const wrong = await call('DELETE', '/users/me', { token, payload: { email: 'someone@example.com' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('CONFIRMATION_EMAIL_WRONG');
    expect((await call('GET', '/users/me', { token })).statusCode).toBe(200);
    const deleted = await call('DELETE', '/users/me', {
      token,
      payload: { email: 'OIDC-only@example.com ' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call('GET', '/users/me', { token })).statusCode).toBe(401);
  });

  it('lets an admin delete a user from the back office, and nobody else', async () => {
    const customer = await signUp(t.app);
    const album = await cleanAlbum(t.app, customer.access_token);
    for (const token of [customer.access_token, outsider.access_token])
      expect((await call('DELETE', `/admin/users/${customer.user.sub}`, { token })).statusCode).toBe(404);
    const deleted = await call('DELETE', `/admin/users/${customer.user.sub}`, { token: adminToken });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await call('GET', '/users/me', { token: customer.access_token })).statusCode).toBe(401);
    expect(await t.database.db.select().from(albums).where(eq(albums.id, album.id))).toEqual([]);
    expect((await call('GET', `/admin/users/${customer.user.sub}`, { token: adminToken })).statusCode).toBe(
      404,
    );
  }, 120_000);
});
