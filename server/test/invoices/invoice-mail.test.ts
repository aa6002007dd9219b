/**
 * The issued invoice and its credit note reach the customer by mail (issue 21 §3 "Paying is stated plainly"):
 * exactly one mail per document to the order's e-mail, in the order's language whatever language the admin's UI
 * speaks, with the stored PDF attached (the same bytes as issued), what to pay by when and how, and for a credit
 * note which invoice it corrects, promising a refund only when that invoice had been paid. Through a real SMTP
 * conversation (smtp-server on 127.0.0.1) and, without SMTP_URL, into the outbox by reference to the stored PDF.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, mailDeliveries, outboxMails, users } from '../../src/db/schema.ts';
import { runInvoiceMailJob } from '../../src/invoices/invoice-mail-job.ts';
import { startJobQueue, type JobQueue } from '../../src/workers.ts';
import { createStorage } from '../../src/storage/index.ts';
import { adminAndOutsiders } from '../helpers/admin-session.ts';
import { startSmtpServer, type TestSmtpServer } from '../helpers/smtp-server.ts';
import { bearer, DATABASE_KINDS, signUp, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { caller, cleanAlbum, idempotencyKey, orderForm } from '../orders/helpers.ts';

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function waitFor<T>(read: () => Promise<T[]> | T[], count: number, timeoutMs = 30_000): Promise<T[]> {
  for (let waited = 0; waited < timeoutMs; waited += 200) {
    const items = await read();
    if (items.length >= count) return items;
    await sleep(200);
  }
  throw new Error(`waited ${timeoutMs} ms for ${count} mails`);
}

describe.each(DATABASE_KINDS)('invoice mails on %s', (kind) => {
  /** An app with its job workers, an admin whose UI speaks English, and a customer. */
  async function setUp(smtpUrl?: string) {
    const dataDir = mkdtempSync(join(tmpdir(), 'sb-invoice-mail-'));
    const t: TestApp = await startTestApp(kind, {
      dataDir,
      smtpUrl,
      mailFrom: 'Stickerbook <noreply@stickerbook.test>',
      publicUrl: 'http://stickerbook.test',
    });
    const jobs: JobQueue = await startJobQueue(t.database, { work: true, config: t.config });
    const staff = await adminAndOutsiders(t);
    await t.database.db.update(users).set({ locale: 'en' }).where(eq(users.id, staff.admin.user.sub));
    const call = caller(t.app);
    const { storage } = createStorage(t.config);

    /** An order of an album in `language`, placed by the customer; answers its id and number. */
    async function placeOrder(language: string, email: string) {
      const album = await cleanAlbum(t.app, staff.customer.access_token, { language });
      const placed = await call('POST', '/orders', {
        token: staff.customer.access_token,
        payload: orderForm(album.id, { email }),
        headers: idempotencyKey(),
        language,
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const id = placed.json().order.id as string;
      const order = await call('GET', `/orders/${id}`, { token: staff.customer.access_token });
      return { id, name: order.json().order.name as string };
    }

    /** The admin's clicks, from an English UI. */
    const issue = async (orderId: string, document: 'invoice' | 'credit_note') => {
      const response = await call('POST', `/orders/${orderId}/${document}`, {
        token: staff.adminToken,
        language: 'en',
      });
      expect(response.statusCode, response.body).toBe(201);
      const number = (response.json()[document] as { number: string }).number;
      const [row] = await t.database.db.select().from(invoices).where(eq(invoices.number, number));
      return row!;
    };

    return {
      t,
      staff,
      call,
      storage,
      placeOrder,
      issue,
      async close() {
        await jobs.stop();
        await t.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  describe('through SMTP', () => {
    let smtp: TestSmtpServer;
    let setup: Awaited<ReturnType<typeof setUp>>;
    let order: { id: string; name: string };
    let invoice: typeof invoices.$inferSelect;

    beforeAll(async () => {
      smtp = await startSmtpServer();
      setup = await setUp(smtp.url);
      order = await setup.placeOrder('de', 'erika@example.de');
      // The order confirmation goes first; every mail after it is about a document.
      const [confirmation] = await waitFor(orderMails, 1);
      expect(confirmation!.subject).toBe(`Deine Bestellung ${order.name} ist eingegangen`);
    }, 120_000);
    /** Mails to the order's address (the buyer's account also got its activation mail at sign-up). */
    const orderMails = () => smtp.received.filter((mail) => mail.to.includes('erika@example.de'));
    const documentMails = () => orderMails().slice(1);
    afterAll(async () => {
      await setup?.close();
      await smtp?.close();
    });

    it('issuing the invoice sends one mail to the order’s e-mail, in German although the admin works in English, with the issued PDF attached and how to pay it', async () => {
      invoice = await setup.issue(order.id, 'invoice');
      const [mail] = await waitFor(documentMails, 1);
      expect(mail!.to).toEqual(['erika@example.de']);
      expect(mail!.from).toBe('noreply@stickerbook.test');
      expect(mail!.subject).toBe(`Deine Rechnung ${invoice.number} zur Bestellung ${order.name}`);
      const amount = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
        invoice.grossAmount / 100,
      );
      expect(mail!.text).toContain('Hallo Erika,');
      expect(mail!.text).toContain(`Nummer: ${invoice.number}`);
      expect(mail!.text).toContain(`Betrag: ${amount}`);
      expect(mail!.text).toMatch(/Fällig am: (sofort nach Erhalt|\d{1,2}\. \S+ \d{4})/);
      expect(mail!.text).toContain(`Bitte überweise ${amount}`);
      expect(mail!.text).toContain('IBAN: DE02 1203 0000 0000 2020 51');
      expect(mail!.text).toContain('BIC: BYLADEM1001');
      expect(mail!.text).toContain(`Verwendungszweck: ${invoice.number}`);
      expect(mail!.text).toContain(`http://stickerbook.test/orders/${order.id}`);
      expect(mail!.text).not.toMatch(/Invoice|Please transfer/);

      expect(mail!.attachments).toHaveLength(1);
      const [pdf] = mail!.attachments;
      expect(pdf!.filename).toBe(`${invoice.number}.pdf`);
      expect(pdf!.contentType).toBe('application/pdf');
      expect(pdf!.content.subarray(0, 5).toString()).toBe('%PDF-');
      expect(sha256(pdf!.content)).toBe(invoice.sha256);

      // Nothing else arrives for the same invoice, and a second "issue" is refused and sends nothing.
      const again = await setup.call('POST', `/orders/${order.id}/invoice`, {
        token: setup.staff.adminToken,
        language: 'en',
      });
      expect(again.statusCode).toBe(409);
      await sleep(4_000);
      expect(documentMails()).toHaveLength(1);
    }, 90_000);

    it('a job that runs again after its mail went out sends nothing (a retry after a crash)', async () => {
      await runInvoiceMailJob(
        { database: setup.t.database, storage: setup.storage, config: setup.t.config },
        { invoiceId: invoice.id },
      );
      expect(documentMails()).toHaveLength(1);
      const keys = await setup.t.database.db.select().from(mailDeliveries);
      expect(keys.map((row) => row.key)).toEqual([`invoice-mail:${invoice.id}`]);
    });

    it('the credit note of the unpaid invoice is mailed with its PDF: it names the invoice it corrects and promises no refund', async () => {
      const note = await setup.issue(order.id, 'credit_note');
      const mails = await waitFor(documentMails, 2);
      const mail = mails[1]!;
      expect(mail.to).toEqual(['erika@example.de']);
      expect(mail.subject).toBe(`Rechnungskorrektur ${note.number} zu deiner Rechnung ${invoice.number}`);
      expect(mail.text).toContain(`Nummer: ${note.number}`);
      expect(mail.text).toContain(`Sie korrigiert die Rechnung ${invoice.number} vom`);
      expect(mail.text).toContain(`Die Rechnung ${invoice.number} musst du nicht mehr bezahlen.`);
      expect(mail.text).not.toMatch(/erstatten|IBAN|Bitte überweise/);
      expect(mail.attachments.map((file) => file.filename)).toEqual([`${note.number}.pdf`]);
      expect(sha256(mail.attachments[0]!.content)).toBe(note.sha256);
      await sleep(3_000);
      expect(documentMails()).toHaveLength(2);
    }, 90_000);
    it('the customer’s order answer shows both documents with signed links to their own PDFs; a stranger gets 404', async () => {
      const answer = await setup.call('GET', `/orders/${order.id}`, {
        token: setup.staff.customer.access_token,
      });
      expect(answer.statusCode).toBe(200);
      const { invoice: shown, credit_note: note } = answer.json().order;
      expect(shown).toMatchObject({
        number: invoice.number,
        status: 'void',
        issue_date: invoice.issuedAt.toISOString().slice(0, 10),
        amount_gross: invoice.grossAmount,
        hosted_invoice_url: null,
      });
      expect(shown.amount_gross_human).toMatch(/€$/);
      expect(note).toMatchObject({ corrects_number: invoice.number, amount_gross: invoice.grossAmount });
      const [noteRow] = await setup.t.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.number, note.number));
      expect(noteRow!.kind).toBe('credit_note');
      // The links work without a token (a new tab carries none) and each serves its own document.
      for (const [url, row] of [
        [shown.pdf_url as string, invoice],
        [note.pdf_url as string, noteRow!],
      ] as const) {
        const pdf = await setup.t.app.inject({ method: 'GET', url });
        expect(pdf.statusCode).toBe(200);
        expect(sha256(pdf.rawPayload)).toBe(row.sha256);
      }
      const stranger = await signUp(setup.t.app);
      const refused = await setup.call('GET', `/orders/${order.id}`, { token: stranger.access_token });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain(invoice.number);
    });
  });

  describe('without SMTP', () => {
    let setup: Awaited<ReturnType<typeof setUp>>;
    beforeAll(async () => {
      setup = await setUp();
    }, 120_000);
    afterAll(async () => {
      await setup?.close();
    });
    /** The outbox mails to `to` with an attachment: the documents' mails, not the order confirmation. */
    const documentRows = async (to: string) =>
      (await setup.t.database.db.select().from(outboxMails).where(eq(outboxMails.to, to))).filter(
        (row) => row.attachments.length > 0,
      );

    it('the mail waits in the outbox in the order’s language (French), with the stored PDF by reference, not its bytes', async () => {
      const order = await setup.placeOrder('fr', 'claire@example.fr');
      const invoice = await setup.issue(order.id, 'invoice');
      const [row] = await waitFor(() => documentRows('claire@example.fr'), 1);
      expect(row!.subject).toBe(`Votre facture ${invoice.number} pour la commande ${order.name}`);
      expect(row!.text).toContain(`Référence du virement: ${invoice.number}`);
      expect(row!.attachments).toEqual([
        { filename: `${invoice.number}.pdf`, contentType: 'application/pdf', storageKey: invoice.storageKey },
      ]);
      // The reference leads to the very file that was issued.
      expect(sha256(await setup.storage.read(row!.attachments[0]!.storageKey))).toBe(invoice.sha256);

      // Admins see the attachment in the dev mailbox.
      const outbox = await setup.t.app.inject({
        method: 'GET',
        url: '/api/v1/admin/outbox',
        headers: bearer(setup.staff.adminToken),
      });
      const listed = outbox
        .json<{ mails: Array<{ subject: string; attachments: Array<{ filename: string }> }> }>()
        .mails.find((mail) => mail.subject === row!.subject);
      expect(listed?.attachments).toEqual([
        { filename: `${invoice.number}.pdf`, content_type: 'application/pdf' },
      ]);

      // A job run twice writes the mail once.
      await runInvoiceMailJob(
        { database: setup.t.database, storage: setup.storage, config: setup.t.config },
        { invoiceId: invoice.id },
      );
      expect(await documentRows('claire@example.fr')).toHaveLength(1);
    }, 90_000);

    it('with Stripe configured, the mail waits for the Stripe page and then offers it', async () => {
      const order = await setup.placeOrder('de', 'stripe@example.de');
      const invoice = await setup.issue(order.id, 'invoice');
      await waitFor(() => documentRows('stripe@example.de'), 1);
      // As if the mail had not gone out yet, on a server with Stripe whose copy is still being made.
      await setup.t.database.db.delete(outboxMails).where(eq(outboxMails.to, 'stripe@example.de'));
      await setup.t.database.db
        .delete(mailDeliveries)
        .where(eq(mailDeliveries.key, `invoice-mail:${invoice.id}`));
      const deps = {
        database: setup.t.database,
        storage: setup.storage,
        config: { ...setup.t.config, stripeSecretKey: 'sk_test_fake' },
      };
      await expect(runInvoiceMailJob(deps, { invoiceId: invoice.id })).rejects.toThrow(/Stripe page/);
      expect(await documentRows('stripe@example.de')).toHaveLength(0);

      const hosted = 'https://invoice.stripe.com/i/acct_fake/test_in_1';
      await setup.t.database.db
        .update(invoices)
        .set({ hostedInvoiceUrl: hosted })
        .where(eq(invoices.id, invoice.id));
      await runInvoiceMailJob(deps, { invoiceId: invoice.id });
      const [mail] = await documentRows('stripe@example.de');
      expect(mail!.text).toContain(`Online bezahlen: ${hosted}`);
      expect(mail!.text).toContain(`Verwendungszweck: ${invoice.number}`);
    }, 90_000);

    it('with Stripe configured but no page after two minutes, the mail goes out with the bank transfer', async () => {
      const order = await setup.placeOrder('de', 'nostripe@example.de');
      const invoice = await setup.issue(order.id, 'invoice');
      await waitFor(() => documentRows('nostripe@example.de'), 1);
      await setup.t.database.db.delete(outboxMails).where(eq(outboxMails.to, 'nostripe@example.de'));
      await setup.t.database.db
        .delete(mailDeliveries)
        .where(eq(mailDeliveries.key, `invoice-mail:${invoice.id}`));
      await runInvoiceMailJob(
        {
          database: setup.t.database,
          storage: setup.storage,
          config: { ...setup.t.config, stripeSecretKey: 'sk_test_fake' },
          now: () => invoice.issuedAt.getTime() + 3 * 60_000,
        },
        { invoiceId: invoice.id },
      );
      const [mail] = await documentRows('nostripe@example.de');
      expect(mail!.text).not.toContain('Online bezahlen');
      expect(mail!.text).toContain(`Verwendungszweck: ${invoice.number}`);
    }, 90_000);

    it('the credit note of a paid invoice says the paid amount is refunded', async () => {
      const order = await setup.placeOrder('de', 'paul@example.de');
      const invoice = await setup.issue(order.id, 'invoice');
      await waitFor(() => documentRows('paul@example.de'), 1);
      // Paid by bank transfer (or Stripe's webhook) before the correction.
      await setup.t.database.db.update(invoices).set({ status: 'paid' }).where(eq(invoices.id, invoice.id));
      const note = await setup.issue(order.id, 'credit_note');
      const rows = await waitFor(() => documentRows('paul@example.de'), 2);
      expect(rows).toHaveLength(2);
      const mail = rows.find((row) => row.subject.includes(note.number))!;
      expect(mail.subject).toBe(`Rechnungskorrektur ${note.number} zu deiner Rechnung ${invoice.number}`);
      const amount = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(
        invoice.grossAmount / 100,
      );
      expect(mail.text).toContain(
        `Den für die Rechnung ${invoice.number} bereits bezahlten Betrag von ${amount} erstatten wir dir.`,
      );
      expect(mail.text).not.toContain('nicht mehr bezahlen');
      expect(mail.attachments.map((file) => file.storageKey)).toEqual([note.storageKey]);
    }, 90_000);
  });
});
