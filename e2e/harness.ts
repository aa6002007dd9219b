/**
 * Browser-test harness: the real server (built SPA, embedded PGlite in a data dir of its own) on a free loopback
 * port, driven by Debian's Chromium through playwright-core.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject, onTestFinished } from 'vitest';
import { ADMIN, fillDataDir, freePort, spawnServer, stopServer, waitForHealth } from './server-process.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const skipBrowserTests = process.env.SKIP_BROWSER_TESTS === '1';

export { ADMIN };

export interface Stack {
  baseUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The data directory of a server that made the first start's seed data (e2e/global-setup.ts). */
    dataTemplate: string;
  }
}

/**
 * Starts the product as `npm start` would, on its own port and data dir: a copy of the prepared seed data
 * (e2e/server-process.ts says why), or an empty one when `env` changes what is seeded.
 */
export async function startStack(env: Record<string, string> = {}): Promise<Stack> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'stickerbook-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  fillDataDir(dataDir, inject('dataTemplate'), env);
  const server = spawnServer(port, dataDir, env);
  // Generous: on a shared, busy machine a first start (migrations, seeds) can take well over a minute.
  await waitForHealth(baseUrl, server, 180_000);
  return {
    baseUrl,
    dataDir,
    async stop() {
      await stopServer(server.child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

export async function newPage(
  browser: Browser,
  baseUrl: string,
  options: {
    locale?: string;
    viewport?: { width: number; height: number };
    /** Console errors the test provokes on purpose (a refused upload's 422, say); anything else fails it. */
    allowErrors?: RegExp[];
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? { width: 1366, height: 900 },
  });
  await failOnBrowserErrors(context, options.allowErrors ?? []);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * Every console error, uncaught page error and CSP violation (which a page may swallow, e.g. a failed fetch
 * the code catches) of the context's pages fails the test that opened it: when the test finishes, or when the
 * context closes for a context opened outside a test.
 */
async function failOnBrowserErrors(context: BrowserContext, allowed: RegExp[]): Promise<void> {
  const errors: string[] = [];
  const record = (text: string) => {
    if (!allowed.some((pattern) => pattern.test(text))) errors.push(text);
  };
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || event.sample} at ${event.sourceFile}:${event.lineNumber}`,
      ),
    );
  });
  context.on('page', (page) => {
    page.on('console', (message) => {
      if (message.type() === 'error') record(`console error: ${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => record(`page error: ${error.message}`));
  });
  const check = () => {
    const found = errors.splice(0);
    if (found.length > 0) throw new Error(`The browser reported errors:\n${found.join('\n')}`);
  };
  try {
    onTestFinished(check);
  } catch {
    // Opened in beforeAll: checked when the context closes.
  }
  const close = context.close.bind(context);
  context.close = async (closeOptions) => {
    await close(closeOptions);
    check();
  };
}

export interface Credentials {
  email: string;
  password: string;
}

/**
 * What sign-up and login answer (the access token and the user; the refresh token is an HttpOnly cookie), with
 * the credentials, so each browser page can sign in on its own (signInWithSession).
 */
export interface SessionTokens {
  access_token: string;
  user: { roles?: string[] } & Record<string, unknown>;
  credentials: Credentials;
}

/** Logs in (or signs up) through the API. */
export async function logInApi(
  baseUrl: string,
  credentials: Credentials,
  path: '/auth/login' | '/auth/signup' = '/auth/login',
): Promise<SessionTokens> {
  const answer = await apiCall<Omit<SessionTokens, 'credentials'>>(baseUrl, path, {
    method: 'POST',
    body: credentials,
  });
  return { ...answer, credentials };
}

/** A JSON call to the stack's API (`path` under /api/v1); anything but a 2xx throws with its status and body. */
export async function apiCall<T>(
  baseUrl: string,
  path: string,
  init: { method?: string; body?: unknown; token?: string } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (response.status === 204 ? undefined : await response.json()) as T;
}

/** A new account with an e-mail of its own (`<prefix>-…@e2e.test`), signed up through the API. */
export function signUpFresh(baseUrl: string, prefix: string): Promise<SessionTokens> {
  const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  return logInApi(baseUrl, { email, password: 'correct horse battery' }, '/auth/signup');
}

/** An album from the first blueprint, owned by the token's user; answers its id. */
export async function createAlbumFromBlueprint(
  baseUrl: string,
  token: string,
  fields: { title?: string; language?: string } = {},
): Promise<string> {
  const { blueprints } = await apiCall<{ blueprints: Array<{ id: string }> }>(baseUrl, '/blueprints');
  const album = await apiCall<{ id: string }>(baseUrl, '/albums', {
    method: 'POST',
    token,
    body: { blueprint_id: blueprints[0].id, ...fields },
  });
  return album.id;
}

/**
 * Signs the browser context of `page` in as `tokens`' user without the login form: a login through the context's
 * own request client, so the HttpOnly refresh cookie lands in its cookie jar (the web keeps no token in storage),
 * and the user in local storage, which the web refreshes from on its first call. Each context gets its own token
 * family, so two pages of one user never present each other's rotated tokens. The editor hints count as seen and
 * the cookie choice as made, so neither covers the canvas.
 */
export async function signInWithSession(page: Page, tokens: SessionTokens): Promise<void> {
  await page.goto('/');
  await signInContext(page.context(), new URL(page.url()).origin, tokens);
  await page.evaluate(
    (user) => {
      localStorage.setItem('stickerbook.session', JSON.stringify({ kind: 'user', user }));
      localStorage.setItem('stickerbook.editorHints.seen', '["doubleClickText","dragToMove","zoom"]');
      localStorage.setItem(
        'stickerbook.cookieConsent',
        JSON.stringify({
          revision: 1,
          necessary: true,
          analytics: false,
          decidedAt: new Date().toISOString(),
        }),
      );
    },
    { ...tokens.user, roles: tokens.user.roles ?? [] },
  );
}

/** The refresh cookie of a fresh login in `context`'s cookie jar (for pages that set up storage themselves). */
export async function signInContext(
  context: BrowserContext,
  baseUrl: string,
  tokens: SessionTokens,
): Promise<void> {
  const login = await context.request.post(`${baseUrl}/api/v1/auth/login`, { data: tokens.credentials });
  if (!login.ok()) throw new Error(`browser login failed: ${login.status()} ${await login.text()}`);
}

/**
 * Waits until the editor's view of its current spread holds still: the spread's place on screen reads the same
 * twice, 250 ms apart. A page change or zoom animates the camera; a point computed or a drop made during the
 * move lands somewhere else.
 */
export async function waitForEditorViewToSettle(page: Page): Promise<void> {
  const placeOnScreen = () =>
    page.evaluate(() => {
      const editor = (
        window as unknown as {
          stickerbookEditor?: { selectionController: { currentSpreadId(): string | null } };
        }
      ).stickerbookEditor;
      const spreadId = editor?.selectionController.currentSpreadId();
      const spread = spreadId ? document.querySelector(`[data-editor-spread="${spreadId}"]`) : null;
      const m = (spread as SVGGraphicsElement | null)?.getScreenCTM();
      return m ? `${spreadId} ${m.a} ${m.d} ${m.e} ${m.f}` : null;
    });
  let last = await placeOnScreen();
  for (let tries = 0; tries < 80; tries++) {
    await page.waitForTimeout(250);
    const now = await placeOnScreen();
    if (now !== null && now === last) return;
    last = now;
  }
  throw new Error('The editor view did not settle within 20 s');
}

/**
 * Closes the cookie consent dialog of a fresh page by saving its defaults. It opens after the page's first render
 * (SPEC §7: 500 ms later), which on a busy machine took longer than a short wait: waits up to 30 s for it, and
 * until it has gone, so its overlay cannot take the test's next click.
 */
export async function dismissCookieDialog(page: Page): Promise<void> {
  const save = page.getByTestId('cookie-save');
  await save.waitFor({ state: 'visible', timeout: 30_000 }).catch(() => undefined);
  if (!(await save.isVisible())) return;
  await save.click();
  await save.waitFor({ state: 'detached' });
}

/**
 * Holds the page's requests for `held` (a URL or glob of code the page loads) back until the page has sent
 * `method pathname`, or for 10 s, and counts every such request. Code asked for early (a screen's first data, a
 * token refresh) gets past the hold at once; asked for only once the held code has run, it waits the 10 s and
 * `askedWhileHeld()` says false. Set up before the page is opened.
 */
export async function holdUntilRequested(
  page: Page,
  held: string,
  request: { method: string; pathname: string },
): Promise<{ requests: string[]; askedWhileHeld: () => boolean }> {
  const requests: string[] = [];
  let markAsked!: () => void;
  const asked = new Promise<void>((resolve) => (markAsked = resolve));
  let askedWhileHeld = false;
  page.on('request', (sent) => {
    if (sent.method() === request.method && new URL(sent.url()).pathname === request.pathname) {
      requests.push(sent.url());
      markAsked();
    }
  });
  await page.route(held, async (route) => {
    askedWhileHeld = await Promise.race([asked.then(() => true), sleep(10_000).then(() => false)]);
    await route.continue();
  });
  return { requests, askedWhileHeld: () => askedWhileHeld };
}
