/**
 * The stylesheets' cascade does not depend on how the build splits the code (issue 23 item 5). The product's
 * build merges small chunks (web/vite.config.ts), which moves Mantine's per-component stylesheets between files
 * and changes the order the browser receives them in; once that let UnstyledButton's reset beat the dashboard's
 * tabs, and no test saw it. Here the same pages, on the same server and data, are photographed through the
 * product's build (web/dist) and through the same sources built without merging, and must match pixel for pixel:
 * the dashboard's tabs, a checkout step and the editor's bars.
 *
 * Why two builds made here rather than reference pictures kept in the repository: any change of a page's look
 * would turn stored pictures stale, and they would be refreshed without a look; both builds come from the same
 * sources, so only the chunking differs. The unmerged build (STICKERBOOK_SPLIT_CHUNKS=1, about a minute) is made
 * once in the set-up into a folder of its own, or taken from STYLESHEET_REFERENCE_DIST (any other build to
 * compare with, e.g. one of an older commit). Its files reach the page through the browser context's routing:
 * one server, one album, two sets of scripts and stylesheets. Mismatching pictures land in
 * STYLESHEET_SHOTS_DIR (default /tmp/stylesheet-order-shots).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS,
  newPage,
  signUpFresh,
  signInWithSession,
  skipBrowserTests,
  startStack,
  type SessionTokens,
  type Stack,
} from './harness.ts';
import { adminPage, orderableAlbum } from './orders-helpers.ts';

const webDir = new URL('../web', import.meta.url).pathname;
const SHOTS = process.env.STYLESHEET_SHOTS_DIR ?? '/tmp/stylesheet-order-shots';
const DESKTOP = { width: 1440, height: 900 };

let stack: Stack;
let browser: Browser;
let referenceDist: string;
let builtHere: string | undefined;
let customer: SessionTokens;
let albumId: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  referenceDist = process.env.STYLESHEET_REFERENCE_DIST ?? '';
  if (!referenceDist) {
    builtHere = mkdtempSync(join(tmpdir(), 'stickerbook-split-build-'));
    referenceDist = builtHere;
    execFileSync(
      process.execPath,
      [join(webDir, '../node_modules/vite/bin/vite.js'), 'build', '--outDir', builtHere, '--emptyOutDir'],
      { cwd: webDir, stdio: 'ignore', env: { ...process.env, STICKERBOOK_SPLIT_CHUNKS: '1' } },
    );
  }
  stack = await startStack();
  // A routed response has no address of its own, so Chromium would count the reference build's pages as public and
  // refuse their socket to the loopback server; both builds are photographed in this one browser.
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--disable-features=LocalNetworkAccessChecks'],
  });
  customer = await signUpFresh(stack.baseUrl, 'stylesheet-order');
  albumId = await orderableAlbum(stack.baseUrl, customer.access_token, 'en', 'Stylesheet order');
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (builtHere) rmSync(builtHere, { recursive: true, force: true });
});

type Build = 'product' | 'reference';

/** Serves every page and asset of `page`'s context from the reference build; the API stays the server's. */
async function serveReferenceBuild(page: Page): Promise<void> {
  await page.context().route(
    (url) => url.origin === stack.baseUrl && !/^\/(api|socket\.io)\//.test(url.pathname),
    async (route) => {
      const { pathname } = new URL(route.request().url());
      const file = join(referenceDist, decodeURIComponent(pathname));
      // As the server's SPA fallback: a path that is not a file gets index.html.
      const isFile = existsSync(file) && statSync(file).isFile();
      await route.fulfill({ path: isFile ? file : join(referenceDist, 'index.html') });
    },
  );
}

/** The pictures of one page through each build, taken by `photograph` after `open` showed it. */
async function throughBothBuilds(
  name: string,
  open: (build: Build) => Promise<Page>,
  photograph: (page: Page) => Array<[string, Locator]>,
): Promise<Record<string, Record<Build, Buffer>>> {
  const shots: Record<string, Record<Build, Buffer>> = {};
  for (const build of ['product', 'reference'] as const) {
    const page = await open(build);
    // Web fonts and Mantine's transitions settled: the same frame in both builds.
    await page.evaluate(() => document.fonts.ready);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(500);
    for (const [part, locator] of photograph(page)) {
      const picture = await locator.screenshot({ animations: 'disabled', caret: 'hide' });
      (shots[`${name}-${part}`] ??= {} as Record<Build, Buffer>)[build] = picture;
    }
    await page.context().close();
  }
  return shots;
}

/** How far a channel may differ between two renders of the same page (anti-aliasing), of 255. */
const SHADE_NOISE = 8;

/** Pixels that differ between two pictures (all of them when the sizes differ); both written out when any do. */
async function differingPixels(name: string, pictures: Record<Build, Buffer>): Promise<number> {
  const pixels = (picture: Buffer) =>
    sharp(picture).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const [product, reference] = [await pixels(pictures.product), await pixels(pictures.reference)];
  let differing = 0;
  if (product.info.width !== reference.info.width || product.info.height !== reference.info.height) {
    differing = Math.max(
      product.info.width * product.info.height,
      reference.info.width * reference.info.height,
    );
  } else {
    // Anti-aliased edges may round a shade apart between two renders (corners of rounded borders, seen ±3);
    // a rule lost to the stylesheet order changes colours outright.
    for (let i = 0; i < product.data.length; i += 4) {
      let channel = 0;
      while (
        channel < 4 &&
        Math.abs(product.data[i + channel]! - reference.data[i + channel]!) <= SHADE_NOISE
      )
        channel++;
      if (channel < 4) differing++;
    }
  }
  if (differing > 0)
    for (const build of ['product', 'reference'] as const)
      writeFileSync(join(SHOTS, `${name}-${build}.png`), pictures[build]);
  return differing;
}

async function expectSamePictures(shots: Record<string, Record<Build, Buffer>>) {
  const differences: Record<string, number> = {};
  for (const [name, pictures] of Object.entries(shots))
    differences[name] = await differingPixels(name, pictures);
  expect(differences).toEqual(Object.fromEntries(Object.keys(shots).map((name) => [name, 0])));
}

describe.skipIf(skipBrowserTests)('the stylesheets whatever the chunking', () => {
  it('draws the dashboard tabs the same in the merged and the unmerged build', async () => {
    const shots = await throughBothBuilds(
      'dashboard',
      async (build) => {
        const { page } = await adminPage(browser, stack.baseUrl, { viewport: DESKTOP });
        if (build === 'reference') await serveReferenceBuild(page);
        await page.goto('/dashboard');
        await page.getByTestId('dashboard-tab-albums').waitFor();
        return page;
      },
      (page) => [
        ['tabs', page.getByRole('tablist')],
        ['orders-tab', page.getByTestId('dashboard-tab-orders')],
      ],
    );
    await expectSamePictures(shots);
  });

  it('draws a checkout step the same in the merged and the unmerged build', async () => {
    const shots = await throughBothBuilds(
      'checkout',
      async (build) => {
        const { page } = await newPage(browser, stack.baseUrl, { viewport: DESKTOP });
        if (build === 'reference') await serveReferenceBuild(page);
        await signInWithSession(page, customer);
        await page.goto(`/album/${albumId}/checkout`);
        await page.getByTestId('checkout-preview-spread').waitFor();
        await page.getByTestId('summary-total').waitFor();
        await page.getByTestId('checkout-next').click();
        await page.getByTestId('checkout-next').waitFor();
        return page;
      },
      (page) => [['product-step', page.locator('body')]],
    );
    await expectSamePictures(shots);
  });

  it("draws the editor's toolbars the same in the merged and the unmerged build", async () => {
    const shots = await throughBothBuilds(
      'editor',
      async (build) => {
        const { page } = await newPage(browser, stack.baseUrl, { viewport: DESKTOP });
        if (build === 'reference') await serveReferenceBuild(page);
        await signInWithSession(page, customer);
        await page.goto(`/album/${albumId}/onboarding`);
        await page.getByTestId('bottom-bar').waitFor();
        // A sticker cell selected: the element toolbar shows.
        await page.waitForFunction(() => {
          const editor = (
            window as unknown as {
              stickerbookEditor?: { visibleElementIds(): readonly string[]; select(ids: string[]): void };
            }
          ).stickerbookEditor;
          const first = editor?.visibleElementIds()[0];
          if (first) editor.select([first]);
          return Boolean(first);
        });
        await page.getByTestId('element-toolbar').waitFor();
        return page;
      },
      (page) => [
        ['element-toolbar', page.getByTestId('element-toolbar')],
        ['bottom-bar', page.getByTestId('bottom-bar')],
        ['sidebar', page.getByTestId('editor-tabs')],
        ['top-bar', page.getByTestId('order-button')],
      ],
    );
    await expectSamePictures(shots);
  });
});
