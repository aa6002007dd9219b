/**
 * SPEC §3 cover_preview_url and §6 comment rights in a real browser: the start page's album card shows the cover
 * thumbnail the server rendered; a comment's note is edited in place by its author (and the edit reaches a second
 * page) and by an admin, while another collaborator only reads it.
 */
import { insertElement, spreadsInOrder, type AlbumDocument } from '@stickerbook/model';
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
  type SessionTokens,
  type Stack,
} from './harness.ts';

const SHOTS = process.env.E2E_SCREENSHOTS;

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

const api = <T>(path: string, init?: Parameters<typeof apiCall>[2]) => apiCall<T>(stack.baseUrl, path, init);

describe.skipIf(skipBrowserTests)('album fields in the browser', () => {
  it('shows the rendered cover thumbnail on the start page card', async () => {
    const owner = await signUpFresh(stack.baseUrl, 'cover-card');
    const albumId = await createAlbumFromBlueprint(stack.baseUrl, owner.access_token, {
      title: 'Cover Card 2027',
      language: 'en',
    });
    // The first list asks for the thumbnail; the render worker makes it in the background.
    await expect
      .poll(
        async () => {
          const { albums } = await api<{ albums: Array<{ id: string; cover_preview_url: string | null }> }>(
            '/albums',
            { token: owner.access_token },
          );
          return albums.find((album) => album.id === albumId)?.cover_preview_url ?? null;
        },
        { timeout: 90_000, interval: 500 },
      )
      .toMatch(/cover_preview/);

    const { context, page } = await newPage(browser, stack.baseUrl);
    await signInWithSession(page, owner);
    await page.goto('/start');
    const card = page.locator(`[data-testid="album-card"][data-album-id="${albumId}"]`);
    const image = card.locator('img[src*="cover_preview"]');
    await image.waitFor();
    // Loaded and decoded: the 869 px wide JPEG of the cover spread, not a placeholder.
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(800);
    expect(await card.getByTestId('cover-preview').count()).toBe(0);
    if (SHOTS) await card.screenshot({ path: `${SHOTS}/start-card-cover.png` });
    await expectNoSeriousA11yViolations(page, 'start page with cover thumbnails');
    await context.close();
  }, 150_000);

  describe('comment notes', () => {
    let owner: SessionTokens;
    let collaborator: SessionTokens;
    let admin: SessionTokens;
    let albumId: string;
    let commentId: string;
    let coverSpreadId: string;

    beforeAll(async () => {
      owner = await signUpFresh(stack.baseUrl, 'comment-author');
      collaborator = await signUpFresh(stack.baseUrl, 'comment-reader');
      admin = await logInApi(stack.baseUrl, ADMIN);
      albumId = await createAlbumFromBlueprint(stack.baseUrl, owner.access_token, {
        title: 'Comments 2027',
        language: 'en',
      });
      // The owner passes the invitation's link on; whoever holds it may accept.
      const invitation = await api<{ accept_url: string }>(`/albums/${albumId}/invitations`, {
        method: 'POST',
        token: owner.access_token,
        body: { email: collaborator.user.email },
      });
      const invitationToken = /\/invitations\/([^/]+)\/accept$/.exec(invitation.accept_url)![1];
      await api(`/invitations/${invitationToken}/confirm`, {
        method: 'POST',
        token: collaborator.access_token,
      });
      // Only admins create comments (SPEC §6); this one is written for the owner, who is its author.
      const album = await api<{ workspace: AlbumDocument; version: number }>(`/albums/${albumId}`, {
        token: admin.access_token,
      });
      coverSpreadId = spreadsInOrder(album.workspace)[0].id;
      const change = insertElement(album.workspace, {
        type: 'Comment',
        parentId: coverSpreadId,
        props: {
          x: 120,
          y: 40,
          width: 8,
          height: 8,
          userId: owner.user.sub as string,
          text: { blocks: [{ spans: [{ text: 'Is the title final?', styles: [] }] }] },
        },
      });
      commentId = change.selection[0];
      await api(`/albums/${albumId}/mutations`, {
        method: 'POST',
        token: admin.access_token,
        body: {
          version: album.version,
          clientId: 'e2e-admin',
          mutationId: `e2e-comment-${Date.now()}`,
          patches: change.patches,
        },
      });
    }, 60_000);

    async function openAlbum(session: SessionTokens): Promise<{ page: Page; close(): Promise<void> }> {
      const { context, page } = await newPage(browser, stack.baseUrl);
      await signInWithSession(page, session);
      await page.goto(`/album/${albumId}/onboarding`);
      await page.getByTestId('editor-canvas').waitFor();
      await page.evaluate((spreadId) => {
        const editor = (window as unknown as { stickerbookEditor: { zoomToFitSpread(id: string): void } })
          .stickerbookEditor;
        editor.zoomToFitSpread(spreadId);
      }, coverSpreadId);
      return { page, close: () => context.close() };
    }

    /** The centre of the comment's marker on screen. */
    async function marker(page: Page): Promise<{ x: number; y: number }> {
      const box = await page.locator(`[data-editor-spread] g[data-node-id="${commentId}"]`).boundingBox();
      return { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 };
    }

    const noteText = (page: Page) => page.getByTestId('comment-note-text').textContent();

    it('lets the author edit the note in place, and the edit reaches another page; an admin may edit it too', async () => {
      const author = await openAlbum(owner);
      const other = await openAlbum(admin);

      const at = await marker(author.page);
      await author.page.mouse.dblclick(at.x, at.y);
      const editor = author.page.getByTestId('comment-editor');
      await editor.waitFor();
      expect(await editor.inputValue()).toBe('Is the title final?');
      await editor.fill('Yes, the title is final.\nPrint it.');
      if (SHOTS)
        await author.page.getByTestId('comment-note').screenshot({ path: `${SHOTS}/comment-editing.png` });
      await editor.press('Escape');
      await expect.poll(() => author.page.getByTestId('comment-editor').count()).toBe(0);
      expect(await noteText(author.page)).toBe('Yes, the title is final.\nPrint it.');

      // The admin's page receives the change and shows it in the note.
      const otherAt = await marker(other.page);
      await other.page.mouse.click(otherAt.x, otherAt.y);
      await expect
        .poll(() => noteText(other.page), { timeout: 20_000 })
        .toBe('Yes, the title is final.\nPrint it.');
      // The admin edits anyone's comment: the Edit action opens the same editor.
      await other.page.getByTestId('comment-edit').click();
      await other.page.getByTestId('comment-editor').waitFor();
      await expectNoSeriousA11yViolations(other.page, 'comment note being edited');
      await other.page.getByTestId('comment-editor').press('Escape');

      await author.close();
      await other.close();
    }, 120_000);

    it('keeps the note read-only for another collaborator: no edit action, no edit mode by double-click or Enter', async () => {
      const reader = await openAlbum(collaborator);
      const at = await marker(reader.page);
      await reader.page.mouse.click(at.x, at.y);
      await reader.page.getByTestId('comment-note').waitFor();
      await expect.poll(() => noteText(reader.page)).toBe('Yes, the title is final.\nPrint it.');
      await reader.page.getByTestId('comment-read-only').waitFor();
      expect(await reader.page.getByTestId('comment-edit').count()).toBe(0);
      await reader.page.mouse.dblclick(at.x, at.y);
      await reader.page.keyboard.press('Enter');
      expect(await reader.page.getByTestId('comment-editor').count()).toBe(0);
      if (SHOTS)
        await reader.page.getByTestId('comment-note').screenshot({ path: `${SHOTS}/comment-read-only.png` });
      await expectNoSeriousA11yViolations(reader.page, 'read-only comment note');
      await reader.close();
    }, 120_000);
  });
});
