/**
 * SPEC §7 help widget, identified with the user's e-mail and the album id. By default the built-in "Contact us"
 * form: a message sent from the editor reaches the admins' outbox page with the e-mail and the album id, a
 * signed-out visitor on a phone gets translated errors and must give an address, and the corner button covers no
 * control. With CHATWOOT_URL set, Chatwoot's SDK script comes from that server (here a small fake on 127.0.0.1
 * that records what the page calls), is told the user's e-mail and the album id, and nothing breaks the CSP.
 * Screenshots go to /tmp/shots-help-widget.
 */
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from './a11y.ts';
import {
  ADMIN,
  apiCall,
  createAlbumFromBlueprint,
  launchBrowser,
  logInApi,
  newPage,
  signInWithSession,
  signUpFresh,
  skipBrowserTests,
  startStack,
  type Stack,
} from './harness.ts';

const SHOTS = '/tmp/shots-help-widget';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  stack = await startStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

/** Controls (links, buttons, fields, tabs) the corner button sits on, at the top and at the bottom of the page. */
async function controlsUnderLauncher(page: Page): Promise<string[]> {
  const covered: string[] = [];
  for (const scroll of ['top', 'bottom'] as const) {
    await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.body.scrollHeight), scroll);
    covered.push(
      ...(await page.evaluate(() => {
        const launcher = document.querySelector('[data-testid="support-launcher"]')!.getBoundingClientRect();
        const controls = document.querySelectorAll<HTMLElement>(
          'a, button, input, select, textarea, [role="button"], [role="tab"], [role="combobox"]',
        );
        return Array.from(controls)
          .filter((element) => element.dataset.testid !== 'support-launcher')
          .filter((element) => {
            const box = element.getBoundingClientRect();
            if (box.width === 0 || box.height === 0) return false;
            return !(
              box.right <= launcher.left ||
              box.left >= launcher.right ||
              box.bottom <= launcher.top ||
              box.top >= launcher.bottom
            );
          })
          .map((element) => element.outerHTML.slice(0, 120));
      })),
    );
  }
  return covered;
}

describe.skipIf(skipBrowserTests)('help widget: the built-in contact form', () => {
  it('sends a message from the editor that admins read on the outbox page with e-mail and album id', async () => {
    const user = await signUpFresh(stack.baseUrl, 'helpme');
    const email = String(user.user.email);
    const albumId = await createAlbumFromBlueprint(stack.baseUrl, user.access_token, { title: 'Class 3a' });
    const { context, page } = await newPage(browser, stack.baseUrl, { viewport: DESKTOP });
    await signInWithSession(page, user);

    // Pages with the header have the corner button, and it covers no control.
    await page.goto('/start');
    await page.getByTestId('support-launcher').waitFor();
    expect(await controlsUnderLauncher(page)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/start-desktop-en.png` });
    for (const path of ['/orders', '/profile']) {
      await page.goto(path);
      await page.getByTestId('support-launcher').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await controlsUnderLauncher(page), path).toEqual([]);
    }
    // The checkout's own action bar keeps the corner free (help is in the header's menu), as on phones.
    await page.goto(`/album/${albumId}/checkout`);
    await page.getByTestId('help-menu').waitFor();
    expect(await page.getByTestId('support-launcher').count()).toBe(0);

    // The editor has no corner button: the help menu's contact item opens the form.
    await page.goto(`/album/${albumId}/stickers`);
    await page.getByTestId('help-menu').waitFor();
    expect(await page.getByTestId('support-launcher').count()).toBe(0);
    await page.getByTestId('help-menu').click();
    await page.getByRole('menuitem', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await dialog.waitFor();
    expect(await page.getByTestId('support-email').inputValue()).toBe(email);
    expect(await page.getByTestId('support-email').getAttribute('readonly')).not.toBeNull();
    expect(await page.getByTestId('support-album').textContent()).toContain(albumId);

    // An empty message is refused in the form, with nothing sent.
    await page.getByTestId('support-send').click();
    await dialog.getByText('Please write a message.').waitFor();

    await page.getByTestId('support-message').fill('The sticker export looks blurry.\nCan you check?');
    await expectNoSeriousA11yViolations(page, 'contact form in the editor');
    await page.screenshot({ path: `${SHOTS}/editor-form-desktop-en.png` });
    await page.getByTestId('support-send').click();
    await page.getByTestId('support-sent').waitFor();
    expect(await page.getByTestId('support-sent').textContent()).toContain(email);
    await page.screenshot({ path: `${SHOTS}/editor-sent-desktop-en.png` });
    await page.getByTestId('support-done').click();
    await dialog.waitFor({ state: 'hidden' });
    await context.close();

    // An admin reads it on the outbox page: the sender's e-mail, the album id with its link, the page.
    const admin = await logInApi(stack.baseUrl, ADMIN);
    // The mail job may still be sending: wait until the outbox holds the mail, then read it on the page.
    await expect
      .poll(
        async () =>
          (
            await apiCall<{ mails: { text: string }[] }>(stack.baseUrl, '/admin/outbox', {
              token: admin.access_token,
            })
          ).mails.some((m) => m.text.includes('The sticker export looks blurry.')),
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true);
    const adminPage = await newPage(browser, stack.baseUrl, { viewport: DESKTOP });
    await signInWithSession(adminPage.page, admin);
    await adminPage.page.goto('/admin/outbox');
    const mail = adminPage.page
      .getByTestId('outbox-mail')
      .filter({ hasText: 'The sticker export looks blurry.' });
    await mail.first().waitFor();
    const text = (await mail.first().textContent()) ?? '';
    expect(text).toContain(`Support message from ${email}`);
    expect(text).toContain(`From: ${email} (signed in)`);
    expect(text).toContain(`Album: ${albumId} – ${stack.baseUrl}/album/${albumId}`);
    expect(text).toContain(`Page: ${stack.baseUrl}/album/${albumId}/stickers`);
    expect(text).toMatch(/Browser: Mozilla\/5\.0 .*Chrome/);
    await expectNoSeriousA11yViolations(adminPage.page, 'outbox with a support message');
    await adminPage.context.close();
  }, 180_000);

  it('asks a signed-out visitor on a phone for an address, in German, and keeps the text on a failure', async () => {
    const { context, page } = await newPage(browser, stack.baseUrl, {
      viewport: PHONE,
      locale: 'de-DE',
      // The rate limit answer the test provokes below.
      allowErrors: [/status of 429/],
    });
    // The cookie choice made, so its dialog does not cover the page.
    await context.addInitScript(() => {
      if (!location.protocol.startsWith('http')) return;
      localStorage.setItem(
        'stickerbook.cookieConsent',
        JSON.stringify({
          revision: 1,
          necessary: true,
          analytics: false,
          decidedAt: new Date().toISOString(),
        }),
      );
    });
    await page.goto('/login');
    const launcher = page.getByTestId('support-launcher');
    await launcher.waitFor();
    expect(await launcher.getAttribute('aria-label')).toBe('Kontakt aufnehmen');
    expect(await controlsUnderLauncher(page)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/login-phone-de.png`, fullPage: true });

    await launcher.click();
    const dialog = page.getByRole('dialog', { name: 'Schreib uns' });
    await dialog.waitFor();
    expect(await page.getByTestId('support-album').count()).toBe(0);
    await page.getByTestId('support-send').click();
    await dialog.getByText('Bitte schreib eine Nachricht.').waitFor();
    await dialog.getByText('Bitte gib deine E-Mail-Adresse ein.').waitFor();
    await page.getByTestId('support-message').fill('Wie bestelle ich Sticker nach?');
    await page.getByTestId('support-email').fill('kein-at-zeichen');
    await page.getByTestId('support-send').click();
    await dialog.getByText('Das sieht nicht nach einer E-Mail-Adresse aus.').waitFor();
    await page.getByTestId('support-email').fill('eltern@example.com');
    await expectNoSeriousA11yViolations(page, 'contact form on a phone');
    await page.screenshot({ path: `${SHOTS}/form-phone-de.png` });

    // The server refusing (here: too many messages) shows why and keeps what was typed.
    await page.route('**/api/v1/support_messages', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'RATE_LIMITED', message: 'Too many requests, retry in 60 s' },
        }),
      }),
    );
    await page.getByTestId('support-send').click();
    await page.getByTestId('support-error').waitFor();
    expect(await page.getByTestId('support-error').textContent()).toContain('Zu viele Versuche');
    expect(await page.getByTestId('support-message').inputValue()).toBe('Wie bestelle ich Sticker nach?');
    await page.screenshot({ path: `${SHOTS}/form-error-phone-de.png` });
    await page.unroute('**/api/v1/support_messages');
    await page.getByTestId('support-send').click();
    await page.getByTestId('support-sent').waitFor();
    expect(await page.getByTestId('support-sent').textContent()).toContain('eltern@example.com');
    await page.screenshot({ path: `${SHOTS}/sent-phone-de.png` });
    await context.close();
  }, 120_000);

  it('leaves the phone editor’s bottom tab bar free; the desktop editor’s contact link opens the form', async () => {
    const user = await signUpFresh(stack.baseUrl, 'phone');
    const albumId = await createAlbumFromBlueprint(stack.baseUrl, user.access_token);
    const { context, page } = await newPage(browser, stack.baseUrl, { viewport: PHONE });
    await signInWithSession(page, user);
    for (const path of ['/start', '/orders', '/profile']) {
      await page.goto(path);
      await page.getByTestId('support-launcher').waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({
        path: `${SHOTS}/phone${path.replaceAll('/', '-').replace(albumId, 'album')}.png`,
        fullPage: true,
      });
      expect(await controlsUnderLauncher(page), path).toEqual([]);
    }
    // The album wizard's and the checkout's own bottom bars (Next, order) stay free too: help is in the header's
    // menu there.
    for (const path of ['/album/new', `/album/${albumId}/checkout`]) {
      await page.goto(path);
      await page.getByTestId('help-menu').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.getByTestId('support-launcher').count(), path).toBe(0);
    }
    await page.goto(`/album/${albumId}/stickers`);
    await page.getByTestId('help-menu').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('support-launcher').count()).toBe(0);
    await page.getByTestId('help-menu').click();
    await page.getByRole('menuitem', { name: 'Contact' }).click();
    await page.getByTestId('support-message').waitFor();
    await page.screenshot({ path: `${SHOTS}/editor-form-phone-en.png` });
    await context.close();

    // The German desktop editor's own contact link opens the same form.
    const german = await newPage(browser, stack.baseUrl, { viewport: DESKTOP, locale: 'de-DE' });
    await signInWithSession(german.page, user);
    await german.page.goto(`/album/${albumId}/stickers`);
    await german.page.getByTestId('top-bar-contact').click();
    await german.page.getByRole('dialog', { name: 'Schreib uns' }).waitFor();
    await expectNoSeriousA11yViolations(german.page, 'contact form, German desktop editor');
    await german.page.screenshot({ path: `${SHOTS}/editor-form-desktop-de.png` });
    await german.context.close();
  }, 120_000);
});

/** What the fake Chatwoot server's SDK script reports back: each call of the page on `window.$chatwoot`. */
interface ChatwootCall {
  method: string;
  args: unknown[];
}

/**
 * Chatwoot's wire format towards the page is a script: this one implements just enough of the SDK surface
 * (chatwootSDK.run, the widget frame, the chatwoot:ready event, $chatwoot's methods) and posts every call back.
 */
function fakeChatwootServer(calls: ChatwootCall[]): Promise<{ url: string; server: Server }> {
  const sdk = `(function () {
  var base = new URL(document.currentScript.src).origin;
  function record(method, args) {
    fetch(base + '/calls', { method: 'POST', mode: 'no-cors', body: JSON.stringify({ method: method, args: args }) });
  }
  window.chatwootSDK = {
    run: function (options) {
      record('run', [{ websiteToken: options.websiteToken, baseUrl: options.baseUrl }]);
      var api = {};
      ['setUser', 'setCustomAttributes', 'deleteCustomAttribute', 'setLocale', 'toggle', 'reset'].forEach(function (name) {
        api[name] = function () { record(name, Array.prototype.slice.call(arguments)); };
      });
      api.hasLoaded = true;
      window.$chatwoot = api;
      var frame = document.createElement('iframe');
      frame.title = 'Chat';
      frame.style.display = 'none';
      frame.onload = function () { window.dispatchEvent(new Event('chatwoot:ready')); };
      frame.src = options.baseUrl + '/widget?website_token=' + encodeURIComponent(options.websiteToken);
      document.body.appendChild(frame);
    },
  };
})();`;
  const server = createServer((request, response) => {
    if (request.url === '/packs/js/sdk.js') {
      response.writeHead(200, { 'content-type': 'text/javascript' });
      response.end(sdk);
      return;
    }
    if (request.url?.startsWith('/widget')) {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<!doctype html><html lang="en"><title>Chat</title><main>Chat</main></html>');
      return;
    }
    if (request.url === '/calls' && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        calls.push(JSON.parse(body) as ChatwootCall);
        response.writeHead(204).end();
      });
      return;
    }
    response.writeHead(404).end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }),
    ),
  );
}

describe.skipIf(skipBrowserTests)('help widget: Chatwoot', () => {
  it('loads the SDK from CHATWOOT_URL and identifies the user by e-mail and the album id, within the CSP', async () => {
    const calls: ChatwootCall[] = [];
    const chatwoot = await fakeChatwootServer(calls);
    const env = { CHATWOOT_URL: chatwoot.url, CHATWOOT_WEBSITE_TOKEN: 'webTOKEN1234' };
    // A second server on a busy machine may miss the harness's start deadline once.
    const chatStack = await startStack(env).catch(() => startStack(env));
    try {
      const user = await signUpFresh(chatStack.baseUrl, 'chat');
      const email = String(user.user.email);
      const albumId = await createAlbumFromBlueprint(chatStack.baseUrl, user.access_token);
      const { context, page } = await newPage(browser, chatStack.baseUrl, { viewport: DESKTOP });
      await signInWithSession(page, user);
      await page.goto(`/album/${albumId}/stickers`);
      await page.getByTestId('help-menu').waitFor();

      const called = (method: string) => calls.filter((call) => call.method === method);
      await expect.poll(() => called('setCustomAttributes').length, { timeout: 30_000 }).toBeGreaterThan(0);
      // Once per page load: the sign-in's first page (the login page, which has the widget too) may have started
      // it before the editor's page did.
      expect(called('run').length).toBeGreaterThan(0);
      for (const run of called('run'))
        expect(run).toEqual({
          method: 'run',
          args: [{ websiteToken: 'webTOKEN1234', baseUrl: chatwoot.url }],
        });
      expect(called('setUser')).toEqual([
        { method: 'setUser', args: [String(user.user.sub), expect.objectContaining({ email })] },
      ]);
      expect(called('setCustomAttributes').at(-1)).toEqual({
        method: 'setCustomAttributes',
        args: [{ album_id: albumId }],
      });

      // The help menu's contact item opens the chat, not the built-in form.
      await page.getByTestId('help-menu').click();
      await page.getByRole('menuitem', { name: 'Contact' }).click();
      await expect.poll(() => called('toggle')).toEqual([{ method: 'toggle', args: ['open'] }]);
      expect(await page.getByTestId('support-message').count()).toBe(0);

      // Leaving the album (within the app) takes the album id off the conversation.
      await page.getByRole('link', { name: 'Back to my albums' }).click();
      await page.waitForURL(/\/start$/);
      await page.getByTestId('support-launcher').waitFor();
      await expect.poll(() => called('deleteCustomAttribute').length, { timeout: 30_000 }).toBeGreaterThan(0);
      expect(called('deleteCustomAttribute').at(-1)).toEqual({
        method: 'deleteCustomAttribute',
        args: ['album_id'],
      });
      await expectNoSeriousA11yViolations(page, 'start page with Chatwoot');
      await context.close();
    } finally {
      await chatStack.stop();
      await new Promise((resolve) => chatwoot.server.close(resolve));
    }
  }, 300_000);
});
