/**
 * SPEC §7 help widget, built-in "Contact us" form: POST /support_messages keeps the message and mails it to every
 * admin (here, without SMTP, into the outbox admins read), with the sender's e-mail, the album id, the page and
 * the browser. Bad input is refused with the field named and changes nothing.
 */
import { eq } from 'drizzle-orm';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails, supportMessages, users } from '../src/db/schema.ts';
import { startJobQueue } from '../src/workers.ts';
import {
  bearer,
  createAlbum,
  createGuest,
  DATABASE_KINDS,
  signUp,
  startTestApp,
  type Session,
  type TestApp,
} from './helpers/test-app.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

describe.each(DATABASE_KINDS)('support messages on %s', (kind) => {
  let t: TestApp;
  let jobs: Awaited<ReturnType<typeof startJobQueue>>;
  let germanAdmin: Session;

  beforeAll(async () => {
    t = await startTestApp(kind, { publicUrl: 'http://stickerbook.test' });
    jobs = await startJobQueue(t.database, { work: true, config: t.config });
    // A second admin who reads German; the seeded admin has no locale and reads English.
    germanAdmin = await signUp(t.app);
    await t.database.db
      .update(users)
      .set({ roles: ['admin'], locale: 'de' })
      .where(eq(users.id, germanAdmin.user.sub));
  });
  afterAll(async () => {
    await jobs?.stop();
    await t?.close();
  });

  const send = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/support_messages',
      payload,
      headers: { 'user-agent': CHROME, 'accept-language': 'fr-FR,fr;q=0.9', ...headers },
    });

  async function mailsAbout(needle: string, count: number) {
    for (let waited = 0; waited < 30_000; waited += 200) {
      const rows = (await t.database.db.select().from(outboxMails)).filter((row) =>
        row.text.includes(needle),
      );
      if (rows.length >= count) return rows;
      await sleep(200);
    }
    throw new Error(`fewer than ${count} mails containing ${needle}`);
  }

  const storedCount = async () => (await t.database.db.select().from(supportMessages)).length;

  it('keeps a visitor’s message and mails it to every admin in their language, with e-mail, album, page and browser', async () => {
    const response = await send({
      message: 'The order button does nothing.\nPlease help!',
      email: 'visitor@example.com',
      album_id: 'AbCdEfGhIjKlMnOpQrStUv',
      page_path: '/album/AbCdEfGhIjKlMnOpQrStUv/stickers',
    });
    expect(response.statusCode).toBe(201);
    const answer = response.json<{ id: string; created_at: string }>();
    expect(Object.keys(answer).sort()).toEqual(['created_at', 'id']);

    const [row] = await t.database.db.select().from(supportMessages).where(eq(supportMessages.id, answer.id));
    expect(row).toMatchObject({
      email: 'visitor@example.com',
      userId: null,
      guestId: null,
      albumId: 'AbCdEfGhIjKlMnOpQrStUv',
      message: 'The order button does nothing.\nPlease help!',
      pagePath: '/album/AbCdEfGhIjKlMnOpQrStUv/stickers',
      userAgent: CHROME,
      language: 'fr',
    });

    const mails = await mailsAbout('The order button does nothing.', 2);
    const english = mails.find((mail) => mail.to === t.config.adminEmail)!;
    const german = mails.find((mail) => mail.to === germanAdmin.user.email)!;
    expect(english.subject).toBe('Support message from visitor@example.com');
    expect(english.text).toContain('From: visitor@example.com (not signed in)');
    expect(english.text).toContain(
      'Album: AbCdEfGhIjKlMnOpQrStUv – http://stickerbook.test/album/AbCdEfGhIjKlMnOpQrStUv',
    );
    expect(english.text).toContain('Page: http://stickerbook.test/album/AbCdEfGhIjKlMnOpQrStUv/stickers');
    expect(english.text).toContain(`Browser: ${CHROME}`);
    expect(english.text).toContain('Language: fr');
    expect(english.text).toContain('The order button does nothing.\nPlease help!');
    expect(english.html).toContain('href="http://stickerbook.test/album/AbCdEfGhIjKlMnOpQrStUv"');
    expect(german.subject).toBe('Support-Nachricht von visitor@example.com');
    expect(german.text).toContain('Von: visitor@example.com (nicht angemeldet)');
    expect(german.text).toContain('Nachricht:');
  });

  it('answers a signed-in user at their account’s address, whatever the body says', async () => {
    const user = await signUp(t.app);
    const response = await send(
      { message: 'Signed-in question', email: 'someone-else@example.com' },
      bearer(user.access_token),
    );
    expect(response.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, response.json<{ id: string }>().id));
    expect(row).toMatchObject({ email: user.user.email, userId: user.user.sub, albumId: null });
    const [mail] = await mailsAbout('Signed-in question', 2);
    expect(mail.text).toContain(`(${mail.to === t.config.adminEmail ? 'signed in' : 'angemeldet'})`);
    expect(mail.text).not.toContain('someone-else@example.com');
    expect(mail.text).toMatch(/Album: none|Album: keins/);
  });

  it('needs an e-mail address from guests and signed-out visitors', async () => {
    const before = await storedCount();
    const guest = await createGuest(t.app);
    for (const headers of [{}, bearer(guest.access_token)]) {
      const response = await send({ message: 'Who am I?' }, headers);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: { fields: [{ field: 'email', code: 'required' }] },
      });
    }
    const withEmail = await send(
      { message: 'Guest here', email: 'guest@example.com' },
      bearer(guest.access_token),
    );
    expect(withEmail.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.id, withEmail.json<{ id: string }>().id));
    expect(row).toMatchObject({ email: 'guest@example.com', guestId: guest.guest_id, userId: null });
    expect(await storedCount()).toBe(before + 1);
  });

  it('refuses an empty or too long message, a bad e-mail, album id or page, and keeps and mails nothing', async () => {
    const before = await storedCount();
    const valid = { message: 'Hello', email: 'ok@example.com' };
    const cases: Array<[object, string, string]> = [
      [{ ...valid, message: '' }, 'message', 'too_small'],
      [{ ...valid, message: '   \n ' }, 'message', 'too_small'],
      [{ ...valid, message: `refused-long ${'x'.repeat(5000)}` }, 'message', 'too_big'],
      [{ message: 'refused-email', email: 'not-an-address' }, 'email', 'invalid_format'],
      [
        { message: 'refused-album', email: 'ok@example.com', album_id: '../../etc/passwd' },
        'album_id',
        'invalid_format',
      ],
      [
        { message: 'refused-page', email: 'ok@example.com', page_path: 'https://evil.example/' },
        'page_path',
        'invalid_format',
      ],
      [
        { message: 'refused-page2', email: 'ok@example.com', page_path: '//evil.example/' },
        'page_path',
        'invalid_format',
      ],
      [
        { message: 'refused-key', email: 'ok@example.com', user_id: 'someone' },
        'user_id',
        'unrecognized_key',
      ],
    ];
    for (const [payload, field, code] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      const error = response.json().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details.fields).toContainEqual(expect.objectContaining({ field, code }));
    }
    expect(await storedCount()).toBe(before);
    // One at the limit goes through; once its mails are there, none of the refused ones has come.
    const exactlyAtLimit = await send({ ...valid, message: 'y'.repeat(5000) });
    expect(exactlyAtLimit.statusCode).toBe(201);
    expect(await storedCount()).toBe(before + 1);
    await mailsAbout('y'.repeat(5000), 2);
    const refused = (await t.database.db.select().from(outboxMails)).filter((mail) =>
      mail.text.includes('refused-'),
    );
    expect(refused).toEqual([]);
  });

  it('attaches someone else’s album id only as text: nothing of that album reaches the sender or the mail', async () => {
    const owner = await signUp(t.app);
    const album = await createAlbum(t.app, owner.access_token, {
      blueprint_id: 'test-fixture',
      title: 'Secret Class Album 7c',
    });
    const stranger = await signUp(t.app);
    const response = await send(
      { message: 'Foreign album question', album_id: album.id, page_path: `/album/${album.id}` },
      bearer(stranger.access_token),
    );
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain('Secret Class');
    expect(Object.keys(response.json()).sort()).toEqual(['created_at', 'id']);
    const mails = await mailsAbout('Foreign album question', 2);
    for (const mail of mails) {
      expect(mail.text).toContain(album.id);
      expect(`${mail.subject} ${mail.text} ${mail.html}`).not.toContain('Secret Class');
      expect(`${mail.text}`).not.toContain(owner.user.email);
    }
  });
});

describe('support message rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('pglite', { rateLimits: { authPerMinute: 10_000, publicPerMinute: 2 } });
  });
  afterAll(() => t?.close());

  it('refuses the third message a minute from one address with 429 and keeps only the first two', async () => {
    const send = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/support_messages',
        remoteAddress: ip,
        payload: { message: `From ${ip}`, email: 'flood@example.com' },
      });
    expect((await send('203.0.113.5')).statusCode).toBe(201);
    expect((await send('203.0.113.5')).statusCode).toBe(201);
    const third = await send('203.0.113.5');
    expect(third.statusCode).toBe(429);
    expect(third.json().error.code).toBe('RATE_LIMITED');
    // Another address is not held back by the first one's count.
    expect((await send('203.0.113.6')).statusCode).toBe(201);
    const rows = await t.database.db.select().from(supportMessages);
    expect(rows.map((row) => row.message).sort()).toEqual([
      'From 203.0.113.5',
      'From 203.0.113.5',
      'From 203.0.113.6',
    ]);
  });
});

describe('help widget configuration', () => {
  it('offers Chatwoot and lets the CSP reach its origin only when CHATWOOT_URL is set', async () => {
    const plain = await startTestApp('pglite');
    try {
      const response = await plain.app.inject({ method: 'GET', url: '/api/v1/features' });
      expect(response.json().chatwoot).toBeNull();
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toMatch(/frame-src 'self'(;|$)/);
      expect(csp).not.toMatch(/chat/);
    } finally {
      await plain.close();
    }
    const widget = await startTestApp('pglite', {
      chatwoot: { url: 'https://chat.example.org', websiteToken: 'tok3nTOKEN' },
    });
    try {
      const response = await widget.app.inject({ method: 'GET', url: '/api/v1/features' });
      expect(response.json().chatwoot).toEqual({
        url: 'https://chat.example.org',
        website_token: 'tok3nTOKEN',
      });
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self' https://chat.example.org;");
      expect(csp).toMatch(/frame-src 'self' https:\/\/chat\.example\.org(;|$)/);
      expect(csp).toMatch(/connect-src 'self' ws: wss:[^;]* https:\/\/chat\.example\.org/);
    } finally {
      await widget.close();
    }
  });
});
