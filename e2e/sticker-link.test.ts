/**
 * Issue 8 in a real browser: the owner switches the sticker link on in the editor's stickerlink tab, a contributor
 * on a phone-sized screen sends a real portrait through /s/<token>, the owner sees it (the list polls every 30 s),
 * merges it into an unplaced sticker with the face-centred crop, and switching the link off shows contributors
 * the unavailable notice.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAlbumFromBlueprint,
  launchBrowser,
  newPage,
  signInWithSession,
  signUpFresh,
  skipBrowserTests,
  startStack,
  type Stack,
} from './harness.ts';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const require = createRequire(import.meta.url);

/**
 * A head-and-shoulders portrait cut from the face-api package's sample1.jpg (read from node_modules, not
 * redistributed; see server/test/fixtures/images/README.md), and its face centre as fractions.
 */
async function portrait(): Promise<{ jpeg: Buffer; faceCentre: { x: number; y: number } }> {
  const sharp = (await import('sharp')).default;
  const root = dirname(require.resolve('@vladmandic/face-api/package.json'));
  const jpeg = await sharp(readFileSync(join(root, 'demo', 'sample1.jpg')))
    .extract({ left: 1300, top: 40, width: 560, height: 700 })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { jpeg, faceCentre: { x: (1582 - 1300) / 560, y: (333 - 40) / 700 } };
}

const apiSession = (baseUrl: string) => signUpFresh(baseUrl, 'sticker-link');

const apiCreateAlbum = (baseUrl: string, token: string) => createAlbumFromBlueprint(baseUrl, token);

const consent = JSON.stringify({
  revision: 1,
  necessary: true,
  analytics: false,
  decidedAt: '2026-01-01T00:00:00Z',
});

describe.skipIf(skipBrowserTests)('the sticker link in a browser', () => {
  it('collects a contributor photo from a phone and merges it into an unplaced sticker', async () => {
    const session = await apiSession(stack.baseUrl);
    const albumId = await apiCreateAlbum(stack.baseUrl, session.access_token);
    const auth = { authorization: `Bearer ${session.access_token}` };
    const { context: ownerContext, page: owner } = await newPage(browser, stack.baseUrl);
    await signInWithSession(owner, session);
    await owner.goto(`/album/${albumId}/stickerlink`);
    await owner.getByTestId('sticker-link-panel').waitFor();
    await owner.getByTestId('sticker-link-stickerUploadEnabled').click();
    const urlField = owner.getByTestId('sticker-link-url');
    await urlField.waitFor();
    const link = new URL(await urlField.inputValue());
    expect(link.pathname).toMatch(/^\/s\/[A-Za-z0-9_-]{24}$/);
    await owner.screenshot({ path: '/tmp/shots-sticker-link/e2e-owner-link.png' }).catch(() => undefined);

    // The contributor, on a phone.
    const { context: phoneContext, page: phone } = await newPage(browser, stack.baseUrl, {
      viewport: { width: 390, height: 844 },
      // Once merged, the contributor's upload is gone (404) on purpose.
      allowErrors: [/status of 404 .*public\/sticker_uploads/],
    });
    await phone.addInitScript(
      (consent) => localStorage.setItem('stickerbook.cookieConsent', consent),
      consent,
    );
    await phone.goto(link.pathname);
    const next = phone.getByTestId('sticker-next');
    await next.waitFor();
    expect(await next.isDisabled()).toBe(true);
    await phone.getByLabel(/first name/i).fill('Anna');
    await phone.getByLabel(/last name/i).fill('Berg');
    await phone.screenshot({ path: '/tmp/shots-sticker-link/e2e-phone-name.png' }).catch(() => undefined);
    await next.click();
    const firstSection = phone.getByRole('radio').first();
    await firstSection.check();
    await next.click();
    expect(await next.isDisabled()).toBe(true);
    const { jpeg, faceCentre } = await portrait();
    const sharp = (await import('sharp')).default;
    // A photo without anyone on it: the hint shows, and sending stays possible.
    const landscape = await sharp({
      create: { width: 600, height: 800, channels: 3, background: '#7fa8c9' },
    })
      .png()
      .toBuffer();
    const faceHint = phone.getByTestId('sticker-photo-face');
    await phone
      .getByTestId('sticker-photo-input')
      .setInputFiles({ name: 'sky.png', mimeType: 'image/png', buffer: landscape });
    await expect.poll(() => faceHint.getAttribute('data-state'), { timeout: 30_000 }).toBe('none');
    expect(await faceHint.innerText()).toMatch(/could not find a face/i);
    expect(await next.isDisabled()).toBe(false);
    await phone.screenshot({ path: '/tmp/shots-sticker-link/e2e-phone-no-face.png' }).catch(() => undefined);
    await phone
      .getByTestId('sticker-photo-input')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect.poll(() => faceHint.getAttribute('data-state'), { timeout: 30_000 }).toBe('found');
    await expect.poll(() => next.isDisabled()).toBe(false);
    await phone.screenshot({ path: '/tmp/shots-sticker-link/e2e-phone-photo.png' }).catch(() => undefined);
    await next.click();
    await phone.getByTestId('sticker-upload-success').waitFor({ timeout: 30_000 });
    await phone.screenshot({ path: '/tmp/shots-sticker-link/e2e-phone-done.png' }).catch(() => undefined);

    // The contributor comes back (the session is in local storage) and replaces name and photo.
    await phone.reload();
    const own = phone.getByTestId('sticker-own-upload');
    await own.first().waitFor({ timeout: 30_000 });
    expect(await own.count()).toBe(1);
    expect(await own.first().innerText()).toContain('Anna Berg');
    await own.first().getByTestId('sticker-own-replace').click();
    await phone.getByTestId('sticker-replacing').waitFor();
    expect(await phone.getByLabel(/first name/i).inputValue()).toBe('Anna');
    await phone.getByLabel(/last name/i).fill('Berg-Meyer');
    await next.click();
    await next.click();
    // A photo is optional when replacing; this one is the portrait mirrored, so its face sits on the other side.
    const mirrored = await sharp(jpeg).flop().jpeg({ quality: 90 }).toBuffer();
    await phone
      .getByTestId('sticker-photo-input')
      .setInputFiles({ name: 'me-again.jpg', mimeType: 'image/jpeg', buffer: mirrored });
    await expect.poll(() => faceHint.getAttribute('data-state'), { timeout: 30_000 }).toBe('found');
    await phone.screenshot({ path: '/tmp/shots-sticker-link/e2e-phone-replace.png' }).catch(() => undefined);
    // Sent right after the owner's panel has read its list: its next 30 s poll is far away, so only the server's
    // news (sticker_uploads_changed) can bring the change to the panel within the 10 s asserted below.
    await owner.waitForResponse(
      (response) =>
        response.request().method() === 'GET' &&
        new URL(response.url()).pathname.endsWith(`/albums/${albumId}/sticker_uploads`),
      { timeout: 40_000 },
    );
    await next.click();
    await phone.getByTestId('sticker-upload-success').waitFor({ timeout: 30_000 });
    expect(await phone.getByTestId('sticker-upload-success').innerText()).toMatch(/changes have been saved/i);
    await expect.poll(() => own.first().innerText(), { timeout: 30_000 }).toContain('Anna Berg-Meyer');
    expect(await own.count()).toBe(1);

    // Issue 22 item 9: the owner's open panel shows the photo with its face within seconds (the server's
    // sticker_uploads_changed), not at its 30 s poll.
    const item = owner.getByTestId('sticker-upload-item');
    await expect.poll(() => item.first().innerText(), { timeout: 10_000 }).toContain('Anna Berg-Meyer');
    await expect
      .poll(() => item.first().getByTestId('sticker-upload-face').getAttribute('data-state'), {
        timeout: 10_000,
      })
      .toBe('found');
    expect(await item.count()).toBe(1);
    await owner.screenshot({ path: '/tmp/shots-sticker-link/e2e-owner-list.png' }).catch(() => undefined);
    await item.first().getByRole('checkbox').check();
    await owner.getByTestId('sticker-upload-merge').click();
    await owner
      .getByText(/merged/i)
      .first()
      .waitFor();

    const album = (await (
      await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}`, { headers: auth })
    ).json()) as {
      workspace: {
        stickers: Record<
          string,
          { name: string; sectionId: string; cx?: number; cy?: number; image?: string }
        >;
        nodes: Record<
          string,
          { type: string; props: { static?: boolean; stickerId?: string }; index: string }
        >;
      };
    };
    const [stickerId, sticker] =
      Object.entries(album.workspace.stickers).find(([, s]) => s.name === 'Anna Berg-Meyer') ?? [];
    expect(sticker).toBeDefined();
    const uploads = (await (
      await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}/sticker_uploads`, { headers: auth })
    ).json()) as { sticker_uploads: Array<{ section_id: string | null; merged_at: string | null }> };
    expect(uploads.sticker_uploads[0].merged_at).not.toBeNull();
    expect(sticker!.sectionId).toBe(uploads.sticker_uploads[0].section_id);
    // The crop follows the face of the replacing (mirrored) photo.
    expect(sticker!.cx).toBeCloseTo(1 - faceCentre.x, 1);
    const placed = Object.values(album.workspace.nodes).some((node) => node.props.stickerId === stickerId);
    expect(placed).toBe(false);
    // The open editor got the new sticker through the realtime broadcast.
    await expect
      .poll(() =>
        owner.evaluate(() =>
          Object.values(
            (
              window as unknown as {
                stickerbookEditor: { doc: { stickers: Record<string, { name: string }> } };
              }
            ).stickerbookEditor.doc.stickers,
          ).some((s) => s.name === 'Anna Berg-Meyer'),
        ),
      )
      .toBe(true);

    // Merged: the contributor sees it in the album and can no longer change it.
    await phone.reload();
    await own.first().waitFor({ timeout: 30_000 });
    expect(await own.first().innerText()).toMatch(/in the album/i);
    expect(await own.first().getByTestId('sticker-own-replace').count()).toBe(0);

    // Switching the link off: contributors see the unavailable notice.
    await owner.getByTestId('sticker-link-stickerUploadEnabled').click();
    await expect.poll(() => urlField.count()).toBe(0);
    await phone.goto(link.pathname);
    await phone.getByTestId('sticker-link-unavailable').waitFor();
    await phone
      .screenshot({ path: '/tmp/shots-sticker-link/e2e-phone-unavailable.png' })
      .catch(() => undefined);

    await phoneContext.close();
    await ownerContext.close();
  }, 150_000);

  it('shows the link as a QR code to download, copy and share, on the custom domain when one is set', async () => {
    const QRCode = (await import('qrcode')).default;
    const session = await apiSession(stack.baseUrl);
    const albumId = await apiCreateAlbum(stack.baseUrl, session.access_token);
    // An invalid custom domain is refused (400) on purpose.
    const { context, page: owner } = await newPage(browser, stack.baseUrl, {
      allowErrors: [/status of 400 .*api\/v1\/albums\//],
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    // Desktop Chromium has no share sheet; record what the page would share.
    await owner.addInitScript(() => {
      const shared: unknown[] = [];
      (window as unknown as { sharedData: unknown[] }).sharedData = shared;
      Object.defineProperty(navigator, 'share', {
        value: async (data: unknown) => {
          shared.push(data);
        },
      });
    });
    await signInWithSession(owner, session);
    await owner.goto(`/album/${albumId}/stickerlink`);
    await owner.getByTestId('sticker-link-panel').waitFor();
    await owner.getByTestId('sticker-link-stickerUploadEnabled').click();
    const urlField = owner.getByTestId('sticker-link-url');
    await urlField.waitFor();
    const link = await urlField.inputValue();
    expect(link).toMatch(new RegExp(`^${stack.baseUrl}/s/[A-Za-z0-9_-]{24}$`));

    /** The downloaded SVG must be exactly the QR code of `url` (same encoder, same options). */
    const qrOptions = {
      errorCorrectionLevel: 'M',
      margin: 2,
      color: { dark: '#000000', light: '#ffffff' },
    } as const;
    async function expectQrOf(url: string) {
      await expect.poll(() => owner.getByTestId('sticker-link-qr-image').getAttribute('data-url')).toBe(url);
      const [svgDownload] = await Promise.all([
        owner.waitForEvent('download'),
        owner.getByTestId('sticker-link-qr-svg').click(),
      ]);
      expect(svgDownload.suggestedFilename()).toBe('sticker-link-qr.svg');
      const svg = readFileSync((await svgDownload.path())!, 'utf8');
      expect(svg).toBe(await QRCode.toString(url, { ...qrOptions, type: 'svg' }));
      const [pngDownload] = await Promise.all([
        owner.waitForEvent('download'),
        owner.getByTestId('sticker-link-qr-png').click(),
      ]);
      expect(pngDownload.suggestedFilename()).toBe('sticker-link-qr.png');
      const png = readFileSync((await pngDownload.path())!);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      const sharp = (await import('sharp')).default;
      expect((await sharp(png).metadata()).width).toBe(1024);
    }
    await expectQrOf(link);
    await owner.screenshot({ path: '/tmp/shots-sticker-link/e2e-owner-qr.png' }).catch(() => undefined);

    await owner.getByRole('button', { name: 'Copy' }).click();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await owner.getByRole('button', { name: 'Share' }).click();
    expect(
      await owner.evaluate(() => (window as unknown as { sharedData: Array<{ url: string }> }).sharedData),
    ).toEqual([expect.objectContaining({ url: link })]);

    // A custom domain: the link, its QR code and what is copied use it.
    const domain = owner.getByTestId('sticker-link-custom-domain');
    await domain.fill('https://Stickers.Example.org/');
    await domain.press('Enter');
    const custom = link.replace(stack.baseUrl, 'http://stickers.example.org');
    await expect.poll(() => urlField.inputValue()).toBe(custom);
    await expectQrOf(custom);
    await owner
      .screenshot({ path: '/tmp/shots-sticker-link/e2e-owner-custom-domain.png' })
      .catch(() => undefined);
    // Kept after a reload: it is the album's setting.
    await owner.reload();
    await expect
      .poll(() => owner.getByTestId('sticker-link-url').inputValue(), { timeout: 30_000 })
      .toBe(custom);
    // Not a host name: the field says so and the link stays as it was.
    await owner.getByTestId('sticker-link-custom-domain').fill('not a domain');
    await owner.getByTestId('sticker-link-custom-domain').press('Enter');
    await owner.getByText('Enter a host name like stickers.example.org.').waitFor();
    expect(await owner.getByTestId('sticker-link-url').inputValue()).toBe(custom);

    await context.close();
  }, 120_000);
});
