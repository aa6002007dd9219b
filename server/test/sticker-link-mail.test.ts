/**
 * The owner's e-mail about new sticker link uploads (issue 8), batched per album, in the owner's language, sent
 * through a real SMTP conversation (smtp-server on 127.0.0.1) when SMTP_URL is set, else kept in the outbox.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMails } from '../src/db/schema.ts';
import { startJobQueue } from '../src/workers.ts';
import { portrait } from './fixtures/images/upload-client.ts';
import { albumWithLink, submitToLink, uploadLinkPhoto } from './helpers/sticker-link.ts';
import { bearer, DATABASE_KINDS, signUp, startTestApp } from './helpers/test-app.ts';

interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / ?B?) as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_all, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_all, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The subject and the text/plain part of a raw message. */
function parseMessage(raw: string): { subject: string; text: string } {
  const [head] = raw.split(/\r?\n\r?\n/);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeWords(/^Subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const plain = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)\r?\n--/i.exec(raw);
  const partHead = /Content-Type: text\/plain([^]*?)\r?\n\r?\n/i.exec(raw)?.[1] ?? '';
  const body = plain?.[1] ?? '';
  const text = /quoted-printable/i.test(partHead)
    ? decodeQuotedPrintable(body)
    : /base64/i.test(partHead)
      ? Buffer.from(body, 'base64').toString('utf8')
      : body;
  return { subject, text: text.replace(/\r\n/g, '\n') };
}

async function startSmtp() {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const { subject, text } = parseMessage(Buffer.concat(chunks).toString('utf8'));
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((address) => address.address),
          subject,
          text,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The owner's sign-up also mails an activation link; these tests count the sticker link's mails only. */
const notActivation = <T extends { text?: string | false }>(mails: T[]) =>
  mails.filter((mail) => !String(mail.text ?? '').includes('/profile/activate?token='));

async function waitFor<T>(read: () => Promise<T[]> | T[], count: number, timeoutMs = 30_000): Promise<T[]> {
  for (let waited = 0; waited < timeoutMs; waited += 200) {
    const items = await read();
    if (items.length >= count) return items;
    await sleep(200);
  }
  throw new Error(`waited ${timeoutMs} ms for ${count} mails`);
}

describe.each(DATABASE_KINDS)('sticker link mail on %s', (kind) => {
  let photo: Buffer;
  beforeAll(async () => {
    ({ jpeg: photo } = await portrait());
  });

  /** An app with its job workers, an owner in `locale` and an album with an active link. */
  async function setUp(locale: string, smtpUrl?: string) {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-sticker-mail-'));
    const t = await startTestApp(kind, {
      dataDir,
      smtpUrl,
      mailFrom: 'Stickerbook <noreply@stickerbook.test>',
      publicUrl: 'http://stickerbook.test',
      stickerLink: { submissionsPerIpPerHour: 100, submissionsPerLinkPerHour: 1000, mailBatchSeconds: 2 },
    });
    const jobs = await startJobQueue(t.database, { work: true, config: t.config });
    const owner = await signUp(t.app);
    const profile = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers: bearer(owner.access_token),
      payload: { locale },
    });
    expect(profile.statusCode).toBe(200);
    const link = await albumWithLink(t.app, owner.access_token);
    const send = async (name: string, lastName = '') => {
      const { blobId } = await uploadLinkPhoto(t.app, link.linkToken, photo);
      const response = await submitToLink(t.app, link.linkToken, {
        name,
        last_name: lastName,
        blob_id: blobId,
      });
      expect(response.statusCode).toBe(201);
    };
    return {
      t,
      owner,
      link,
      send,
      async close() {
        await jobs.stop();
        await t.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  describe('through SMTP', () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    let setup: Awaited<ReturnType<typeof setUp>>;
    beforeAll(async () => {
      smtp = await startSmtp();
      setup = await setUp('de', smtp.url);
    }, 60_000);
    afterAll(async () => {
      await setup.close();
      await smtp.close();
    });

    it('three uploads in one window make one mail to the owner, in German, naming all three', async () => {
      await setup.send('Anna', 'Berg');
      await setup.send('Ben');
      await setup.send('Cleo', 'Dorn');
      const [mail] = await waitFor(() => notActivation(smtp.received), 1);
      expect(mail.to).toEqual([setup.owner.user.email]);
      expect(mail.from).toBe('noreply@stickerbook.test');
      expect(mail.subject).toBe(`3 neue Stickerfotos für „${setup.link.album.title}“`);
      expect(mail.text).toContain('3 neue Fotos eingegangen');
      for (const name of ['- Anna Berg', '- Ben', '- Cleo Dorn']) expect(mail.text).toContain(name);
      expect(mail.text).toContain(`http://stickerbook.test/album/${setup.link.album.id}/stickerlink`);
      // Nothing else arrives for the same uploads.
      await sleep(5_000);
      expect(notActivation(smtp.received)).toHaveLength(1);
    }, 60_000);

    it('the next upload starts a new batch', async () => {
      await setup.send('Dana');
      const mails = await waitFor(() => notActivation(smtp.received), 2);
      expect(mails[1].subject).toBe(`1 neues Stickerfoto für „${setup.link.album.title}“`);
      expect(mails[1].text).toContain('- Dana');
      expect(mails[1].text).not.toContain('Anna');
    }, 60_000);

    it('with notifications switched off, no mail is sent', async () => {
      const off = await setup.t.app.inject({
        method: 'PATCH',
        url: `/api/v1/albums/${setup.link.album.id}`,
        headers: bearer(setup.owner.access_token),
        payload: { email_notifications_enabled: false },
      });
      expect(off.json().emailNotificationsEnabled).toBe(false);
      const before = notActivation(smtp.received).length;
      await setup.send('Emil');
      await sleep(6_000);
      expect(notActivation(smtp.received)).toHaveLength(before);
    }, 60_000);
  });

  describe('without SMTP', () => {
    let setup: Awaited<ReturnType<typeof setUp>>;
    beforeAll(async () => {
      setup = await setUp('fr');
    }, 60_000);
    afterAll(async () => {
      await setup.close();
    });

    it('the mail stays in the outbox, in French', async () => {
      await setup.send('Farid');
      const [row] = await waitFor(
        async () => notActivation(await setup.t.database.db.select().from(outboxMails)),
        1,
      );
      expect(row.to).toBe(setup.owner.user.email);
      expect(row.subject).toBe(`1 nouvelle photo de sticker pour « ${setup.link.album.title} »`);
      expect(row.text).toContain('- Farid');
    }, 60_000);
  });
});
