/**
 * Issue 8 in a real browser: the owner switches the sticker link on in the editor's stickerlink tab, a contributor
 * on a phone-sized screen sends a real portrait through /s/<token>, the owner sees it (the list polls every 30 s),
 * merges it into an unplaced sticker with the face-centred crop, and switching the link off shows contributors
 * the unavailable notice.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, skipBrowserTests, startStack, type Stack } from './harness.ts';

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

interface Session {
  access_token: string;
  refresh_token: string;
  user: { roles?: string[] } & Record<string, unknown>;
}

async function apiSession(baseUrl: string): Promise<Session> {
  const email = `sticker-link-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;
  const response = await fetch(`${baseUrl}/api/v1/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'correct horse battery' }),
  });
  return (await response.json()) as Session;
}

async function apiCreateAlbum(baseUrl: string, token: string): Promise<string> {
  const blueprints = (await (await fetch(`${baseUrl}/api/v1/blueprints`)).json()) as {
    blueprints: { id: string }[];
  };
  const response = await fetch(`${baseUrl}/api/v1/albums`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ blueprint_id: blueprints.blueprints[0].id }),
  });
  return ((await response.json()) as { id: string }).id;
}

const consent = JSON.stringify({
  revision: 1,
  necessary: true,
  analytics: false,
  decidedAt: '2026-01-01T00:00:00Z',
});

async function signIn(page: Page, session: Session) {
  await page.goto('/');
  await page.evaluate(
    ({ session, consent }) => {
      localStorage.setItem('stickerbook.session', JSON.stringify(session));
      localStorage.setItem('stickerbook.editorHints.seen', '["doubleClickText","dragToMove","zoom"]');
      localStorage.setItem('stickerbook.cookieConsent', consent);
    },
    {
      consent,
      session: {
        kind: 'user',
        accessToken: session.access_token,
        refreshToken: session.refresh_token,
        user: { ...session.user, roles: session.user.roles ?? [] },
      },
    },
  );
}

describe.skipIf(skipBrowserTests)('the sticker link in a browser', () => {
  it('collects a contributor photo from a phone and merges it into an unplaced sticker', async () => {
    const session = await apiSession(stack.baseUrl);
    const albumId = await apiCreateAlbum(stack.baseUrl, session.access_token);
    const auth = { authorization: `Bearer ${session.access_token}` };
    const { context: ownerContext, page: owner } = await newPage(browser, stack.baseUrl);
    await signIn(owner, session);
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
    await phone
      .getByTestId('sticker-photo-input')
      .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect.poll(() => next.isDisabled()).toBe(false);
    await phone.screenshot({ path: '/tmp/shots-sticker-link/e2e-phone-photo.png' }).catch(() => undefined);
    await next.click();
    await phone.getByTestId('sticker-upload-success').waitFor({ timeout: 30_000 });
    await phone.screenshot({ path: '/tmp/shots-sticker-link/e2e-phone-done.png' }).catch(() => undefined);

    // The owner's list polls every 30 s.
    const item = owner.getByTestId('sticker-upload-item');
    await item.first().waitFor({ timeout: 40_000 });
    expect(await item.first().innerText()).toContain('Anna Berg');
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
      Object.entries(album.workspace.stickers).find(([, s]) => s.name === 'Anna Berg') ?? [];
    expect(sticker).toBeDefined();
    const uploads = (await (
      await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}/sticker_uploads`, { headers: auth })
    ).json()) as { sticker_uploads: Array<{ section_id: string | null; merged_at: string | null }> };
    expect(uploads.sticker_uploads[0].merged_at).not.toBeNull();
    expect(sticker!.sectionId).toBe(uploads.sticker_uploads[0].section_id);
    expect(sticker!.cx).toBeCloseTo(faceCentre.x, 1);
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
          ).some((s) => s.name === 'Anna Berg'),
        ),
      )
      .toBe(true);

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
});
