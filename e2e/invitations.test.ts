/**
 * Album sharing and the album settings in a real browser: the owner invites someone in the settings' users tab,
 * the invitation mail arrives over SMTP, the invitee signs up from the accept link, confirms and lands in the
 * editor of the shared album, and the owner then sees them as a member. The general tab renames the album, and
 * deleting it from the danger zone asks first. A member leaves a shared album from the users tab.
 */
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  launchBrowser,
  newPage,
  skipBrowserTests,
  startStack,
  type Stack,
  signUpFresh,
  signInWithSession,
  type SessionTokens,
  createAlbumFromBlueprint,
} from './harness.ts';

/** The smallest SMTP receiver nodemailer talks to (no TLS, no auth): keeps each message's raw text. */
async function startSmtpSink(): Promise<{ url: string; messages: string[]; close(): Promise<void> }> {
  const messages: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let buffer = '';
    let inData = false;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          messages.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 sink\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  smtp = await startSmtpSink();
  stack = await startStack({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await smtp?.close();
});

const apiSession = async (baseUrl: string) =>
  (await signUpFresh(baseUrl, 'owner')) as SessionTokens & { user: { email: string } };

const apiCreateAlbum = (baseUrl: string, token: string, title: string) =>
  createAlbumFromBlueprint(baseUrl, token, { title, language: 'en' });

const consent = JSON.stringify({
  revision: 1,
  necessary: true,
  analytics: false,
  decidedAt: '2026-01-01T00:00:00Z',
});

/** No cookie banner and no editor hints in the way. */
async function quietStorage(page: Page) {
  await page.goto('/imprint');
  await page.evaluate((consent) => {
    localStorage.setItem('stickerbook.editorHints.seen', '["doubleClickText","dragToMove","zoom"]');
    localStorage.setItem('stickerbook.cookieConsent', consent);
  }, consent);
}

/** Signed in as `session` (harness), with the cookie banner and editor hints out of the way. */
async function signIn(page: Page, session: SessionTokens) {
  await quietStorage(page);
  await signInWithSession(page, session);
}

/** The accept link of the mail to `address`, from its raw text (quoted-printable soft breaks undone). */
async function acceptLinkMailedTo(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      () => {
        // The address also gets its sign-up's activation mail: the invitation is the one with an accept link.
        const raw = smtp.messages.find(
          (message) => message.includes(address) && message.replace(/=\r\n/g, '').includes('/accept'),
        );
        const text = raw?.replace(/=\r\n/g, '');
        link = text?.match(/https?:\/\/[^\s"<]+\/invitations\/[A-Za-z0-9_-]+\/accept/)?.[0];
        return link;
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBeDefined();
  return link!;
}

describe.skipIf(skipBrowserTests)('album settings and sharing in a browser', () => {
  it('the owner invites by e-mail, the invitee signs up from the link and lands in the shared album', async () => {
    const ownerSession = await apiSession(stack.baseUrl);
    const albumId = await apiCreateAlbum(stack.baseUrl, ownerSession.access_token, 'Team 2027');
    const { context: ownerContext, page: owner } = await newPage(browser, stack.baseUrl);
    await signIn(owner, ownerSession);
    await owner.goto(`/album/${albumId}/stickers`);
    await owner.getByTestId('user-menu').click();
    await owner.getByTestId('user-menu-settings').click();
    await owner.getByTestId('settings-tab-users').click();
    await owner.waitForURL(/\/settings\/users$/);
    await expect.poll(() => owner.getByTestId('settings-owner-badge').textContent()).toBe('Owner');

    const inviteeEmail = `invitee-${Date.now()}@e2e.test`;
    const send = owner.getByTestId('settings-invite-send');
    expect(await send.isDisabled()).toBe(true);
    // SPEC §5: nobody who already has the album is invited.
    await owner.getByTestId('settings-invite-email').fill(ownerSession.user.email);
    expect(await send.isDisabled()).toBe(true);
    await owner.getByTestId('settings-invite-email').fill(inviteeEmail);
    await send.click();
    await owner.getByTestId('settings-invitation').filter({ hasText: inviteeEmail }).waitFor();
    await owner.getByTestId('settings-invite-email').fill(inviteeEmail);
    expect(await send.isDisabled()).toBe(true);

    const link = await acceptLinkMailedTo(inviteeEmail);
    expect(new URL(link).origin).toBe(stack.baseUrl);

    const { context: inviteeContext, page: invitee } = await newPage(browser, stack.baseUrl);
    await quietStorage(invitee);
    await invitee.goto(new URL(link).pathname);
    const text = await invitee.getByTestId('invitation-accept-text').textContent();
    expect(text).toContain(ownerSession.user.email);
    expect(text).toContain('Team 2027');
    await invitee.getByTestId('invitation-signup').click();
    await invitee.waitForURL(/\/signup/);
    await invitee
      .getByLabel(/e-mail/i)
      .first()
      .fill(inviteeEmail);
    await invitee
      .getByLabel(/^password/i)
      .first()
      .fill('correct horse battery');
    await invitee.getByTestId('signup-submit').click();
    // Confirmed, then straight into the editor of the shared album.
    await invitee.waitForURL(new RegExp(`/album/${albumId}(/|$)`), { timeout: 60_000 });
    await expect
      .poll(() => invitee.getByTestId('editor-album-title').inputValue(), { timeout: 30_000 })
      .toBe('Team 2027');
    await invitee.goto('/start');
    await invitee.getByTestId('tab-shared-albums').click();
    await invitee.getByText('Team 2027').first().waitFor();

    // The owner sees the invitee as a member; the invitation is no longer pending.
    await owner.reload();
    await owner.getByTestId('settings-member').filter({ hasText: inviteeEmail }).waitFor();
    expect(await owner.getByTestId('settings-invitation').count()).toBe(0);
    await inviteeContext.close();
    await ownerContext.close();
  });

  it('a member leaves a shared album from the users tab; the album is gone and their other editor loses it', async () => {
    const ownerSession = await apiSession(stack.baseUrl);
    const memberSession = await apiSession(stack.baseUrl);
    const albumId = await apiCreateAlbum(stack.baseUrl, ownerSession.access_token, 'Leavers 2027');
    const invited = await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}/invitations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ownerSession.access_token}` },
      body: JSON.stringify({ email: memberSession.user.email }),
    });
    expect(invited.status).toBe(201);
    const token = new URL(await acceptLinkMailedTo(memberSession.user.email)).pathname.split('/')[2];
    const confirmed = await fetch(`${stack.baseUrl}/api/v1/invitations/${token}/confirm`, {
      method: 'POST',
      headers: { authorization: `Bearer ${memberSession.access_token}` },
    });
    expect(confirmed.status).toBe(200);

    // The owner has nothing to leave.
    const { context: ownerContext, page: owner } = await newPage(browser, stack.baseUrl);
    await signIn(owner, ownerSession);
    await owner.goto(`/album/${albumId}/stickers/settings/users`);
    await owner.getByTestId('settings-member').filter({ hasText: memberSession.user.email }).waitFor();
    expect(await owner.getByTestId('settings-leave-album').count()).toBe(0);
    await ownerContext.close();

    const { context, page } = await newPage(browser, stack.baseUrl);
    await signIn(page, memberSession);
    // A second editor of the same album, in another tab.
    const other = await context.newPage();
    await other.goto(`/album/${albumId}/stickers`);
    await expect.poll(() => other.getByTestId('editor-album-title').inputValue()).toBe('Leavers 2027');

    await page.goto(`/album/${albumId}/stickers/settings/users`);
    const leave = page.getByTestId('settings-leave-album');
    await leave.click();
    // Cancelling keeps the membership.
    await page.getByTestId('confirm-modal-cancel').click();
    await page.getByTestId('confirm-modal-cancel').waitFor({ state: 'detached' });
    const kept = await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}`, {
      headers: { authorization: `Bearer ${memberSession.access_token}` },
    });
    expect(kept.status).toBe(200);

    await leave.click();
    await page.getByText('“Leavers 2027” will disappear from your albums').waitFor();
    await page.getByTestId('confirm-modal-confirm').click();
    await page.waitForURL(/\/start$/);
    await page.getByText('You have left “Leavers 2027”.').waitFor();
    await page.getByTestId('tab-shared-albums').click();
    await page.getByTestId('shared-albums-empty').waitFor();
    expect(await page.locator(`[data-album-id="${albumId}"]`).count()).toBe(0);

    // The other editor is told it lost the album; the tab that left is not.
    await other.getByText('You can no longer edit this album.').waitFor();
    expect(await page.getByText('You can no longer edit this album.').count()).toBe(0);
    // Nor is the closed connection told as being offline, in either tab.
    for (const tab of [page, other]) expect(await tab.getByText('Connection lost.').count()).toBe(0);

    const gone = await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}`, {
      headers: { authorization: `Bearer ${memberSession.access_token}` },
    });
    expect(gone.status).toBe(404);
    const albums = await fetch(`${stack.baseUrl}/api/v1/albums`, {
      headers: { authorization: `Bearer ${memberSession.access_token}` },
    });
    expect(((await albums.json()) as { albums: { id: string }[] }).albums.map((a) => a.id)).not.toContain(
      albumId,
    );
    await context.close();
  });

  it('renames the album in the general tab and deletes it only after confirming', async () => {
    const session = await apiSession(stack.baseUrl);
    const albumId = await apiCreateAlbum(stack.baseUrl, session.access_token, 'Before');
    const { context, page } = await newPage(browser, stack.baseUrl);
    await signIn(page, session);
    await page.goto(`/album/${albumId}/stickers/settings/general`);
    const title = page.getByTestId('settings-title');
    await expect.poll(() => title.inputValue()).toBe('Before');
    await title.fill('   ');
    await page.getByTestId('settings-save').click();
    await page.getByText('The album title may not be empty.').waitFor();
    await title.fill('Summer camp 2027');
    await page.getByTestId('settings-save').click();
    await expect.poll(() => page.getByTestId('editor-album-title').inputValue()).toBe('Summer camp 2027');
    const saved = await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(((await saved.json()) as { title: string }).title).toBe('Summer camp 2027');

    // Cancelling the confirmation keeps the album.
    await page.getByTestId('settings-delete-album').click();
    await page.getByTestId('confirm-modal-cancel').click();
    await page.getByTestId('confirm-modal-cancel').waitFor({ state: 'detached' });
    const still = await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(still.status).toBe(200);

    await page.getByTestId('settings-delete-album').click();
    await page.getByTestId('confirm-modal-confirm').click();
    await page.waitForURL(/\/start$/);
    const gone = await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}`, {
      headers: { authorization: `Bearer ${session.access_token}` },
    });
    expect(gone.status).toBe(404);
    await context.close();
  });
});
