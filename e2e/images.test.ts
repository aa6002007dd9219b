/**
 * Issue 5 in a real browser, against the real server: the upload protocol as the web runs it (batch declaration,
 * XHR PUT with progress events to the signed URL, record, variants polled until finished) and the variant files
 * displayed by Chromium through their signed URLs; another user's browser cannot load them.
 *
 * Then the pieces as mounted in the editor: photos dropped on a spread (progress panel, Image elements drawn from
 * the server's URLs), the low-resolution badge and preflight entry of a photo placed too large, and the sticker
 * form's photo upload with face detection and 'fit face'.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- page-side code reads the editor's debugging handle */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../server/test/fakes/openai.ts';
import {
  launchBrowser,
  newPage,
  skipBrowserTests,
  startStack,
  type Stack,
  signInWithSession,
  signUpFresh,
  createAlbumFromBlueprint,
  waitForEditorViewToSettle,
} from './harness.ts';

let stack: Stack;
let browser: Browser;
/** The AI image edit's provider: a fake OpenAI on 127.0.0.1 speaking the image edit SSE format. */
let openai: FakeOpenAi;
const OPENAI_KEY = 'sk-e2e-fake-openai';

beforeAll(async () => {
  openai = await startFakeOpenAi(OPENAI_KEY);
  stack = await startStack({ OPENAI_API_KEY: OPENAI_KEY, OPENAI_API_URL: openai.url });
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await openai?.close();
});

const apiSignUp = async (baseUrl: string) => (await signUpFresh(baseUrl, 'img')).access_token;

const apiCreateAlbum = (baseUrl: string, token: string) => createAlbumFromBlueprint(baseUrl, token);

/** Three photo-like JPEGs drawn by the browser itself (canvas), as base64. */
async function browserPhotos(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const result: string[] = [];
    for (const [w, h] of [
      [1600, 1200],
      [1200, 1600],
      [2000, 1000],
    ]) {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d')!;
      const gradient = ctx.createLinearGradient(0, 0, w, h);
      gradient.addColorStop(0, '#e66');
      gradient.addColorStop(1, '#36c');
      ctx.fillStyle = gradient;
      ctx.fillRect(0, 0, w, h);
      for (let i = 0; i < 400; i++) {
        ctx.fillStyle = `hsl(${i * 37} 70% 50%)`;
        ctx.fillRect((i * 97) % w, (i * 53) % h, 40, 40);
      }
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      result.push(btoa(binary));
    }
    return result;
  });
}

describe.skipIf(skipBrowserTests)('image uploads in a browser', () => {
  it('uploads 3 photos with progress, gets their records and shows their variants', async () => {
    const token = await apiSignUp(stack.baseUrl);
    const albumId = await apiCreateAlbum(stack.baseUrl, token);
    // The deleted image's record and album list answer 404 on purpose.
    const { context, page } = await newPage(browser, stack.baseUrl, { allowErrors: [/status of 404/] });
    await page.goto('/legal/imprint').catch(() => page.goto('/'));
    const photos = await browserPhotos(page);
    const checksums = photos.map((b64) =>
      createHash('md5').update(Buffer.from(b64, 'base64')).digest('base64'),
    );

    const started = Date.now();
    const outcome = await page.evaluate(
      async ({ photos, checksums, token, albumId }) => {
        const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const files = photos.map((b64, i) => {
          const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
          return new File([bytes], `photo-${i + 1}.jpg`, { type: 'image/jpeg' });
        });
        const declared = await (
          await fetch('/api/v1/direct_uploads/batch', {
            method: 'POST',
            headers: auth,
            body: JSON.stringify({
              files: files.map((f, i) => ({
                filename: f.name,
                byte_size: f.size,
                checksum: checksums[i],
                content_type: 'image/jpeg',
              })),
            }),
          })
        ).json();
        const progress: number[][] = files.map(() => []);
        const records = await Promise.all(
          files.map(async (file, i) => {
            const upload = declared.uploads[i];
            await new Promise<void>((resolve, reject) => {
              const xhr = new XMLHttpRequest();
              xhr.open('PUT', upload.upload_url);
              for (const [k, v] of Object.entries(upload.headers as Record<string, string>))
                xhr.setRequestHeader(k, v);
              xhr.upload.onprogress = (e) => progress[i].push(e.loaded / e.total);
              xhr.onload = () => (xhr.status === 200 ? resolve() : reject(new Error(`PUT ${xhr.status}`)));
              xhr.onerror = () => reject(new Error('network'));
              xhr.send(file);
            });
            const created = await fetch(`/api/v1/albums/${albumId}/images`, {
              method: 'POST',
              headers: auth,
              body: JSON.stringify({ blob_id: upload.blob_id, model: 'image' }),
            });
            let record = await created.json();
            const firstState = record.state;
            for (let n = 0; n < 100 && record.state !== 'finished'; n++) {
              await new Promise((r) => setTimeout(r, 200));
              record = await (await fetch(`/api/v1/images/${record.id}`, { headers: auth })).json();
            }
            return { status: created.status, firstState, record };
          }),
        );
        // Chromium draws each small variant from its signed URL.
        const shown = await Promise.all(
          records.map(
            ({ record }) =>
              new Promise<number>((resolve) => {
                const img = new Image();
                img.onload = () => resolve(Math.max(img.naturalWidth, img.naturalHeight));
                img.onerror = () => resolve(-1);
                img.src = record.blob.small;
                document.body.append(img);
              }),
          ),
        );
        return { records, progress, shown };
      },
      { photos, checksums, token, albumId },
    );
    const elapsedMs = Date.now() - started;

    expect(outcome.records.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(outcome.records.every((r) => ['queued', 'working', 'finished'].includes(r.firstState))).toBe(true);
    expect(outcome.records.map((r) => r.record.state)).toEqual(['finished', 'finished', 'finished']);
    expect(outcome.records.map((r) => r.record.details)).toEqual([
      { width: 1600, height: 1200 },
      { width: 1200, height: 1600 },
      { width: 2000, height: 1000 },
    ]);
    for (const steps of outcome.progress) expect(steps.at(-1)).toBe(1);
    expect(outcome.shown).toEqual([480, 480, 480]);
    expect(elapsedMs).toBeLessThan(30_000);

    // Another user's browser: the records are 404 and the album's image list too.
    const strangerToken = await apiSignUp(stack.baseUrl);
    const strangerView = await page.evaluate(
      async ({ id, albumId, token }) => {
        const auth = { authorization: `Bearer ${token}` };
        return [
          (await fetch(`/api/v1/images/${id}`, { headers: auth })).status,
          (await fetch(`/api/v1/albums/${albumId}/images`, { headers: auth })).status,
          (await fetch(`/api/v1/images/${id}`, { method: 'DELETE', headers: auth })).status,
        ];
      },
      { id: outcome.records[0].record.id, albumId, token: strangerToken },
    );
    expect(strangerView).toEqual([404, 404, 404]);
    await context.close();
  }, 120_000);
});

// The editor with the images mounted --------------------------------------------------------------------------

const SHOTS = process.env.IMAGES_SHOTS_DIR ?? '/tmp/shots-images';
const FACE_SAMPLES = join(import.meta.dirname, '..', 'node_modules', '@vladmandic', 'face-api', 'demo');

const apiSession = (baseUrl: string) => signUpFresh(baseUrl, 'img-ui');

/** The editor of a new album, signed in, on the first content spread emptied (no history entry). */
async function openEditor(
  locale = 'en-US',
): Promise<{ context: BrowserContext; page: Page; albumId: string; token: string }> {
  const session = await apiSession(stack.baseUrl);
  const albumId = await apiCreateAlbum(stack.baseUrl, session.access_token);
  const { context, page } = await newPage(browser, stack.baseUrl, { locale });
  await signInWithSession(page, session);
  await page.goto(`/album/${albumId}/onboarding`);
  await page.getByTestId('editor-canvas').waitFor();
  await page.getByTestId('page-box').fill('2');
  await page.getByTestId('page-box').press('Enter');
  // The page box moves the view to page 2: the spread emptied here, and the one a drop at the canvas centre lands
  // on, is the spread in view once it holds still (a drop while it still moved once landed elsewhere).
  await waitForEditorViewToSettle(page);
  await page.evaluate(() => {
    const editor = (window as any).stickerbookEditor;
    const spreadId = editor.selectionController.currentSpreadId();
    const nodes = Object.values(editor.doc.nodes) as Array<{ id: string; parentId: string | null }>;
    const inside = (id: string | null): boolean => {
      for (let current = id; current; current = editor.doc.nodes[current]?.parentId ?? null)
        if (current === spreadId) return true;
      return false;
    };
    const removed = nodes.filter((n) => n.id !== spreadId && inside(n.id));
    editor.dispatch(
      removed.map((n) => ({ op: 'remove', path: `/nodes/${n.id}` })),
      { origin: 'remote' },
    );
  });
  return { context, page, albumId, token: session.access_token };
}

/** JPEGs drawn by the browser (a noise pattern, no face), as base64. */
async function drawnJpegs(page: Page, sizes: Array<[number, number]>): Promise<string[]> {
  return page.evaluate(async (sizes) => {
    const result: string[] = [];
    for (const [w, h] of sizes) {
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#8ac';
      ctx.fillRect(0, 0, w, h);
      for (let i = 0; i < 300; i++) {
        ctx.fillStyle = `hsl(${i * 37} 70% 50%)`;
        ctx.fillRect((i * 97) % w, (i * 53) % h, w / 20, h / 20);
      }
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/jpeg', 0.9));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      result.push(btoa(binary));
    }
    return result;
  }, sizes);
}

/** Drops files (base64 JPEGs) on the canvas at its centre, as the desktop would: a DataTransfer with Files. */
async function dropOnCanvas(page: Page, photos: string[], names: string[]): Promise<void> {
  const box = (await page.getByTestId('editor-canvas').boundingBox())!;
  const dataTransfer = await page.evaluateHandle(
    ({ photos, names }) => {
      const transfer = new DataTransfer();
      photos.forEach((b64, i) => {
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], names[i], { type: 'image/jpeg' }));
      });
      return transfer;
    },
    { photos, names },
  );
  const at = { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 };
  await page.dispatchEvent('[data-testid="editor-canvas"]', 'dragover', { dataTransfer, ...at });
  await page.dispatchEvent('[data-testid="editor-canvas"]', 'drop', { dataTransfer, ...at });
}

/** The Image elements on the spread in view, with their image ids. */
async function spreadImages(page: Page): Promise<Array<{ id: string; image: string; width: number }>> {
  return page.evaluate(() => {
    const editor = (window as any).stickerbookEditor;
    const spreadId = editor.selectionController.currentSpreadId();
    return Object.values(editor.doc.nodes)
      .filter((n: any) => n.parentId === spreadId && n.type === 'Image')
      .map((n: any) => ({ id: n.id, image: n.props.image, width: n.props.width }));
  });
}

async function albumImageRecords(albumId: string, token: string) {
  const response = await fetch(`${stack.baseUrl}/api/v1/albums/${albumId}/images`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await response.json()) as
    | { images: Array<{ id: string; blob: Record<string, string> }> }
    | Array<{ id: string; blob: Record<string, string> }>;
  return Array.isArray(body) ? body : body.images;
}

describe.skipIf(skipBrowserTests)('images in the editor', () => {
  beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  it('drops 3 photos on a spread: progress, then 3 Image elements drawn from the server URLs', async () => {
    const { context, page, albumId, token } = await openEditor();
    const photos = await drawnJpegs(page, [
      [1800, 1200],
      [1200, 1800],
      [2000, 1000],
    ]);
    await dropOnCanvas(page, photos, ['beach.jpg', 'tower.jpg', 'panorama.jpg']);

    await page.getByTestId('upload-progress').waitFor();
    await expect.poll(() => page.getByTestId('upload-job').count()).toBe(3);
    await page.screenshot({ path: `${SHOTS}/drop-progress.png` });
    await expect
      .poll(async () => (await spreadImages(page)).filter((i) => !i.image.startsWith('local-')).length, {
        timeout: 60_000,
      })
      .toBe(3);
    // Once all have finished the panel goes by itself: it sits where Undo, Redo and History are.
    await page.getByTestId('upload-progress').waitFor({ state: 'detached', timeout: 60_000 });

    const images = await spreadImages(page);
    expect(images).toHaveLength(3);
    expect(images.every((image) => !image.image.startsWith('local-'))).toBe(true);
    const records = await albumImageRecords(albumId, token);
    expect(records.map((r) => r.id).sort()).toEqual(images.map((i) => i.image).sort());

    // The canvas draws each element from its record's variant URL (not the local file any more).
    const hrefs = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-editor-spread] image')).map(
        (el) => el.getAttribute('href') ?? el.getAttribute('xlink:href') ?? '',
      ),
    );
    const variantUrls = new Set(records.flatMap((r) => Object.values(r.blob)));
    const drawn = hrefs.filter((href) => variantUrls.has(href));
    expect(drawn).toHaveLength(3);
    expect(hrefs.some((href) => href.startsWith('blob:'))).toBe(false);
    // The photos really load in the canvas.
    await expect
      .poll(() =>
        page.evaluate(async (urls) => {
          const sizes = await Promise.all(
            urls.map(
              (url) =>
                new Promise<number>((resolve) => {
                  const img = new Image();
                  img.onload = () => resolve(img.naturalWidth);
                  img.onerror = () => resolve(0);
                  img.src = url;
                }),
            ),
          );
          return sizes.every((w) => w > 0);
        }, drawn),
      )
      .toBe(true);
    await page.mouse.click(5, 300);
    await page.screenshot({ path: `${SHOTS}/drop-done.png` });
    await context.close();
  }, 120_000);

  it('marks a small photo placed large with the low-resolution badge and a German preflight entry', async () => {
    const { context, page } = await openEditor('de-DE');
    // 500 px across the 100 mm a dropped photo is placed at: 127 dpi, under the 150 dpi the warning starts at.
    const [small] = await drawnJpegs(page, [[500, 375]]);
    await dropOnCanvas(page, [small], ['klein.jpg']);
    await expect
      .poll(async () => (await spreadImages(page)).filter((i) => !i.image.startsWith('local-')).length, {
        timeout: 60_000,
      })
      .toBe(1);

    const badge = page.getByTestId('low-resolution-badge').first();
    await badge.waitFor();
    expect(await badge.getAttribute('data-severity')).toBe('warning');
    expect(await badge.textContent()).toContain('Niedrige Auflösung');
    await expect.poll(() => page.getByTestId('preflight-icon').locator('..').textContent()).toContain('1');
    await page.getByTestId('preflight-icon').hover();
    const entry = page
      .getByTestId('preflight-list')
      .locator('[data-code="IMAGE_LOW_RESOLUTION"]')
      .getByTestId('problem-group-title');
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/Niedrige Auflösung \(\d+ dpi\)/);
    await page.screenshot({ path: `${SHOTS}/low-resolution.png` });

    // Made small enough for its pixels, the warning goes away.
    await page.evaluate(() => {
      const editor = (window as any).stickerbookEditor;
      const spreadId = editor.selectionController.currentSpreadId();
      const image = Object.values(editor.doc.nodes).find(
        (n: any) => n.parentId === spreadId && n.type === 'Image',
      ) as any;
      editor.dispatch(
        [
          { op: 'replace', path: `/nodes/${image.id}/props/width`, value: 30 },
          { op: 'replace', path: `/nodes/${image.id}/props/height`, value: 22.5 },
        ],
        { origin: 'remote' },
      );
    });
    await expect.poll(() => page.getByTestId('low-resolution-badge').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('scales a dropped 48 MP photo down to 6000 px before uploading it, and places it without a badge', async () => {
    const { context, page, albumId, token } = await openEditor();
    // A phone-sized photo: a gradient with shapes, drawn small and scaled to 8000 x 6000.
    const art = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><defs><linearGradient id="g">' +
        '<stop offset="0" stop-color="#f4a261"/><stop offset="1" stop-color="#2a9d8f"/></linearGradient></defs>' +
        '<rect width="800" height="600" fill="url(#g)"/><circle cx="400" cy="300" r="180" fill="#e9c46a"/></svg>',
    );
    const big = await sharp(art).resize(8000, 6000).jpeg({ quality: 90 }).toBuffer();
    expect((await sharp(big).metadata()).width).toBe(8000);
    await dropOnCanvas(page, [big.toString('base64')], ['phone.jpg']);
    await expect
      .poll(async () => (await spreadImages(page)).filter((i) => !i.image.startsWith('local-')).length, {
        timeout: 60_000,
      })
      .toBe(1);
    const [placed] = await spreadImages(page);
    const record = (await albumImageRecords(albumId, token)).find((image) => image.id === placed.image) as
      { details: { width: number; height: number }; blob: Record<string, string> } | undefined;
    expect(record?.details).toMatchObject({ width: 6000, height: 4500 });
    const original = await fetch(new URL(record!.blob.original, stack.baseUrl));
    const stored = await sharp(Buffer.from(await original.arrayBuffer())).metadata();
    expect([stored.width, stored.height]).toEqual([6000, 4500]);
    expect(await page.getByTestId('low-resolution-badge').count()).toBe(0);
    await context.close();
  }, 120_000);

  it('uploads a sticker photo with face detection and fit face centres the face', async () => {
    const { context, page, albumId, token } = await openEditor();
    await page.goto(`/album/${albumId}/stickers?sticker=new`);
    // The modal's root is a zero-size wrapper: wait for its content; the form's fields are the only ones.
    const form = page.locator('.mantine-Modal-content');
    await page.getByTestId('sticker-form-name').waitFor();
    await form.getByTestId('sticker-form-name').fill('Anna');

    // A photo without a face: fit face says so.
    const [noFace] = await drawnJpegs(page, [[900, 1200]]);
    await form.locator('input[type="file"]').setInputFiles({
      name: 'pattern.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(noFace, 'base64'),
    });
    await expect
      .poll(() => form.getByTestId('sticker-form-fit-face').isEnabled(), { timeout: 60_000 })
      .toBe(true);
    await form.getByTestId('sticker-form-fit-face').click();
    expect(await form.getByTestId('sticker-form-photo-error').textContent()).toBe('No face found.');

    // A portrait: the face is found and fit face moves the crop onto it.
    await form.locator('input[type="file"]').setInputFiles(join(FACE_SAMPLES, 'sample1.jpg'));
    await form.getByTestId('sticker-form-uploading').waitFor({ state: 'detached', timeout: 60_000 });
    await form.getByTestId('sticker-form-fit-face').click();
    await expect.poll(() => form.getByTestId('sticker-form-photo-error').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/sticker-form.png` });
    await form.getByTestId('sticker-form-save').click();
    await page.getByTestId('sticker-form-name').waitFor({ state: 'detached' });

    const saved = await page.evaluate(async (accessToken) => {
      const editor = (window as any).stickerbookEditor;
      const sticker = Object.values(editor.doc.stickers).find((s: any) => s.name === 'Anna') as any;
      const record = await (
        await fetch(`/api/v1/images/${sticker.image}`, {
          headers: { authorization: `Bearer ${accessToken}` },
        })
      ).json();
      return { sticker, record };
    }, token);
    const face = saved.record.details.face as { x: number; y: number; width: number; height: number };
    expect(face).toBeTruthy();
    expect(saved.sticker.image).toBe(saved.record.id);
    expect(saved.sticker.cscale).toBeGreaterThan(1);
    // The crop centre is the face centre, as far as the photo's edges allow (the photo keeps covering the frame).
    const { width, height } = saved.record.details as { width: number; height: number };
    const cover = Math.max(50 / width, 70 / height);
    const half = {
      x: 50 / (2 * width * cover * saved.sticker.cscale),
      y: 70 / (2 * height * cover * saved.sticker.cscale),
    };
    const clamp = (value: number, h: number) => Math.min(Math.max(value, h), 1 - h);
    expect(saved.sticker.cx).toBeCloseTo(clamp(face.x + face.width / 2, half.x), 3);
    expect(saved.sticker.cy).toBeCloseTo(clamp(face.y + face.height / 2, half.y), 3);
    // And the face is inside the visible window.
    expect(Math.abs(face.x + face.width / 2 - saved.sticker.cx)).toBeLessThanOrEqual(half.x);
    expect(Math.abs(face.y + face.height / 2 - saved.sticker.cy)).toBeLessThanOrEqual(half.y);
    await page.goto(`/album/${albumId}/stickers`);
    // The stickers tab shows her photo, not her initials.
    const photo = page.locator('[data-testid="sticker-tile"][data-sticker-name="Anna"] img');
    await expect
      .poll(() => photo.evaluate((img) => (img as HTMLImageElement).naturalWidth).catch(() => 0), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0);
    await context.close();
  }, 180_000);

  it('creates a spread whose dropped sticker photos are uploaded and become its stickers’ photos', async () => {
    const { context, page, albumId, token } = await openEditor();
    await page.getByTestId('editor-tab-layouts').click();
    await page.getByTestId('layouts-panel').waitFor();
    await page.getByTestId('open-spread-creation').click();
    // The sample blueprint's layouts have sticker slots only (no background image slots).
    await page.getByTestId('creation-layout').first().click();
    await page.getByTestId('creation-next').click();
    await page
      .getByTestId('creation-stickers-input')
      .setInputFiles([join(FACE_SAMPLES, 'sample2.jpg'), join(FACE_SAMPLES, 'sample3.jpg')]);
    await page.getByTestId('creation-create').click();
    await page.getByTestId('upload-progress').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/spread-creation-uploading.png` });
    await page.getByTestId('spread-creation').waitFor({ state: 'detached', timeout: 90_000 });

    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${SHOTS}/spread-creation-done.png` });
    const created = await page.evaluate(() => {
      const editor = (window as any).stickerbookEditor;
      const stickers = Object.values(editor.doc.stickers).filter((s: any) =>
        ['sample2', 'sample3'].includes(s.name),
      ) as any[];
      const placed = Object.values(editor.doc.nodes)
        .filter((n: any) => n.type === 'StickerCell')
        .map((n: any) => JSON.stringify(n.props));
      return { stickers, placed: stickers.filter((s) => placed.some((p) => p.includes(s.id))).length };
    });
    expect(created.stickers.map((s: any) => s.name).sort()).toEqual(['sample2', 'sample3']);
    for (const sticker of created.stickers) {
      expect(typeof sticker.image).toBe('string');
      expect(sticker.image.startsWith('local-')).toBe(false);
    }
    // Both photos are image records of the album, and their faces were fitted into the sticker frames.
    const records = await albumImageRecords(albumId, token);
    expect(records.map((r) => r.id).sort()).toEqual(created.stickers.map((s: any) => s.image).sort());
    for (const sticker of created.stickers) expect(sticker.cscale).toBeGreaterThan(1);
    expect(created.placed).toBe(2);
    await context.close();
  }, 180_000);
});

// The AI image edit, from the element toolbar, the images panel and the sticker form ------------------------

/** What the fake AI sends back: a 1024 x 768 PNG with a sunset-like gradient, so the result is visibly new. */
async function editedPicture(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768">
    <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f6a04d"/><stop offset="1" stop-color="#8e2de2"/></linearGradient></defs>
    <rect width="1024" height="768" fill="url(#g)"/><circle cx="512" cy="520" r="160" fill="#ffd966"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Drops one photo on the spread and waits until its element shows the server record; returns the element. */
async function placedPhoto(page: Page): Promise<{ id: string; image: string }> {
  // The page box keeps the focus from openEditor; it loses it (and its spread selection) before we select.
  await page.getByTestId('page-box').blur();
  const [photo] = await drawnJpegs(page, [[1600, 1200]]);
  // The page box moved the view to page 2: the drop at the canvas centre must land on that spread.
  await waitForEditorViewToSettle(page);
  await dropOnCanvas(page, [photo], ['garden.jpg']);
  await expect
    .poll(async () => (await spreadImages(page)).filter((i) => !i.image.startsWith('local-')).length, {
      timeout: 60_000,
    })
    .toBe(1);
  const [element] = await spreadImages(page);
  return element;
}

const selectElement = (page: Page, id: string) =>
  page.evaluate((id) => (window as any).stickerbookEditor.select([id]), id);

describe.skipIf(skipBrowserTests)('AI image edit in the editor', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    openai.result = await editedPicture();
  });

  it('edits the selected image from the toolbar: states, partial previews, then replaces it in the element', async () => {
    const { context, page, albumId, token } = await openEditor();
    const element = await placedPhoto(page);
    await selectElement(page, element.id);
    await page.getByTestId('element-toolbar').getByTestId('ai-edit-button').click();
    const prompt = page.getByTestId('ai-edit-prompt');
    await prompt.waitFor();
    // An example prompt fills the field.
    await page.getByText('Make it look like a watercolour painting').click();
    expect(await prompt.inputValue()).toBe('Make it look like a watercolour painting');

    // Slow enough to watch the partial images arrive.
    openai.mode = 'ok';
    openai.eventDelayMs = 1500;
    await page.getByTestId('ai-edit-start').click();
    const status = page.getByTestId('ai-edit-status');
    await expect.poll(() => status.getAttribute('data-phase'), { timeout: 30_000 }).toBe('progress');
    await expect
      .poll(() => page.getByTestId('ai-edit-preview').locator('img').getAttribute('src'))
      .toMatch(/^data:image\/png;base64,/);
    expect(await status.textContent()).toMatch(/Preview \d of 2/);
    await page.screenshot({ path: `${SHOTS}/ai-edit-progress.png` });

    await expect.poll(() => status.getAttribute('data-phase'), { timeout: 60_000 }).toBe('done');
    await page.getByTestId('ai-edit-replace').waitFor();
    await page.screenshot({ path: `${SHOTS}/ai-edit-done.png` });
    expect(openai.requests.at(-1)).toMatchObject({
      prompt: 'Make it look like a watercolour painting',
      stream: 'true',
    });

    await page.getByTestId('ai-edit-replace').click();
    await page.getByTestId('ai-edit-prompt').waitFor({ state: 'detached' });
    // The element now shows the new record; the original stays in the album.
    await expect.poll(async () => (await spreadImages(page))[0]?.image).not.toBe(element.image);
    const [replaced] = await spreadImages(page);
    expect(replaced.id).toBe(element.id);
    const records = await albumImageRecords(albumId, token);
    expect(records.map((r) => r.id).sort()).toEqual([element.image, replaced.image].sort());
    const edited = records.find((r) => r.id === replaced.image) as any;
    expect(edited.original_image_id).toBe(element.image);
    expect(edited.details).toMatchObject({ width: 1024, height: 768 });

    // Again, kept as a new image this time: a second element beside the first, offset like a duplicate.
    openai.eventDelayMs = 20;
    await selectElement(page, element.id);
    await page.getByTestId('element-toolbar').getByTestId('ai-edit-button').click();
    await page.getByTestId('ai-edit-prompt').fill('Add confetti falling from the sky');
    await page.getByTestId('ai-edit-start').click();
    await page.getByTestId('ai-edit-add').click({ timeout: 60_000 });
    await expect.poll(async () => (await spreadImages(page)).length, { timeout: 30_000 }).toBe(2);
    const both = await page.evaluate((id) => {
      const nodes = (window as any).stickerbookEditor.doc.nodes;
      const added = Object.values(nodes).find(
        (n: any) => n.type === 'Image' && n.id !== id && n.parentId === nodes[id].parentId,
      ) as any;
      return {
        first: nodes[id].props,
        added: added.props,
        selection: (window as any).stickerbookEditor.selection.get(),
      };
    }, element.id);
    expect(both.first.image).toBe(replaced.image);
    expect(both.added.image).not.toBe(replaced.image);
    expect(both.added.x).toBeCloseTo(both.first.x + 10, 5);
    expect(both.added.y).toBeCloseTo(both.first.y + 10, 5);
    expect(both.added.width).toBe(both.first.width);
    expect(await albumImageRecords(albumId, token)).toHaveLength(3);
    await page.screenshot({ path: `${SHOTS}/ai-edit-added-beside.png` });
    await context.close();
  }, 180_000);

  it('edits an image from the images panel: an edit that fails, then one added as a new image', async () => {
    const { context, page, albumId, token } = await openEditor('de-DE');
    const element = await placedPhoto(page);
    await page.getByTestId('editor-tab-background').click();
    const item = page.locator(`[data-testid="album-image"][data-image-id="${element.image}"]`);
    await item.waitFor();
    await item.getByTestId('album-image-menu').click();
    await page.getByTestId('album-image-ai-edit').click();
    await page.getByTestId('ai-edit-prompt').fill('Mach den Himmel zum Sonnenuntergang');

    // The provider refuses mid-stream: 'Bearbeitung fehlgeschlagen' with the provider's reason, and a retry.
    openai.mode = 'stream-error';
    openai.eventDelayMs = 20;
    await page.getByTestId('ai-edit-start').click();
    const error = page.getByTestId('ai-edit-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toContain('Bearbeitung fehlgeschlagen');
    expect(await error.textContent()).toContain('rejected by the safety system');
    expect(await page.getByTestId('ai-edit-start').textContent()).toBe('Erneut versuchen');
    expect(await page.getByTestId('ai-edit-status').getAttribute('data-phase')).toBe('error');
    await page.screenshot({ path: `${SHOTS}/ai-edit-error.png` });

    openai.mode = 'ok';
    await page.getByTestId('ai-edit-start').click();
    await expect
      .poll(() => page.getByTestId('ai-edit-status').getAttribute('data-phase'), { timeout: 60_000 })
      .toBe('done');
    await page.getByTestId('ai-edit-add').click();
    await page.getByTestId('ai-edit-prompt').waitFor({ state: 'detached' });

    // Added, not swapped: the element keeps the original and the panel lists both images.
    await expect.poll(() => page.getByTestId('album-image').count(), { timeout: 30_000 }).toBe(2);
    expect((await spreadImages(page))[0].image).toBe(element.image);
    const records = await albumImageRecords(albumId, token);
    expect(records).toHaveLength(2);
    expect(records.find((r) => r.id !== element.image)).toMatchObject({ original_image_id: element.image });
    await page.screenshot({ path: `${SHOTS}/ai-edit-panel-added.png` });

    // Deleting the edit from its menu asks first; then it is gone from the panel and from the album.
    const editedId = records.find((r) => r.id !== element.image)!.id;
    await page
      .locator(`[data-testid="album-image"][data-image-id="${editedId}"]`)
      .getByTestId('album-image-menu')
      .click();
    await page.getByTestId('album-image-delete').click();
    await page.getByTestId('confirm-modal-confirm').click();
    await expect.poll(() => page.getByTestId('album-image').count()).toBe(1);
    expect((await albumImageRecords(albumId, token)).map((r) => r.id)).toEqual([element.image]);
    await context.close();
  }, 180_000);

  it('edits a sticker’s photo from the sticker form: added as a new image, then replaced as one undo step that survives a reload', async () => {
    const { context, page, albumId, token } = await openEditor();
    // A sticker with a photo, made in the sticker form and saved.
    await page.goto(`/album/${albumId}/stickers?sticker=new`);
    const form = page
      .locator('.mantine-Modal-content')
      .filter({ has: page.getByTestId('sticker-form-name') });
    await form.getByTestId('sticker-form-name').fill('Mila');
    const [photo] = await drawnJpegs(page, [[900, 1200]]);
    await form.locator('input[type="file"]').setInputFiles({
      name: 'mila.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from(photo, 'base64'),
    });
    // Fit face is enabled once the photo's record is the form's and the upload is over.
    await expect
      .poll(() => form.getByTestId('sticker-form-fit-face').isEnabled(), { timeout: 60_000 })
      .toBe(true);
    await form.getByTestId('sticker-form-save').click();
    await page.getByTestId('sticker-form-name').waitFor({ state: 'detached' });
    const sticker = () =>
      page.evaluate(() => {
        const editor = (window as any).stickerbookEditor;
        const found = Object.values(editor.doc.stickers).find((s: any) => s.name === 'Mila') as any;
        return {
          id: found.id as string,
          image: found.image as string,
          history: editor.history.get().past.length,
        };
      });
    const original = await sticker();

    // Opened again from its tile: the photo field offers the AI edit.
    await page.locator(`[data-testid="sticker-tile"][data-sticker-id="${original.id}"] button`).click();
    openai.mode = 'ok';
    openai.eventDelayMs = 20;
    const editPhoto = async (prompt: string) => {
      await form.getByTestId('ai-edit-button').click();
      await page.getByTestId('ai-edit-prompt').fill(prompt);
      await page.getByTestId('ai-edit-start').click();
      await expect
        .poll(() => page.getByTestId('ai-edit-status').getAttribute('data-phase'), { timeout: 60_000 })
        .toBe('done');
    };

    // Kept as a new image: the album has it, the sticker keeps its photo and nothing enters the history.
    await editPhoto('Add confetti falling from the sky');
    await page.getByTestId('ai-edit-add').click();
    await page.getByTestId('ai-edit-prompt').waitFor({ state: 'detached' });
    await expect.poll(async () => (await albumImageRecords(albumId, token)).length).toBe(2);
    expect(await sticker()).toEqual(original);

    // Replaced.
    await editPhoto('Make it look like a watercolour painting');
    expect(await page.getByTestId('ai-edit-result-hint').textContent()).toBe(
      '“Replace original” gives this sticker the edited photo; “Add as new image” only keeps it in the album’s images.',
    );
    await page.screenshot({ path: `${SHOTS}/ai-edit-sticker-done.png` });
    await page.getByTestId('ai-edit-replace').click();
    await page.getByTestId('ai-edit-prompt').waitFor({ state: 'detached' });

    // The sticker has the edited record at once (one history entry), and the form shows it.
    await expect.poll(async () => (await sticker()).image, { timeout: 30_000 }).not.toBe(original.image);
    const replaced = await sticker();
    expect(replaced.history).toBe(original.history + 1);
    const records = await albumImageRecords(albumId, token);
    expect(records).toHaveLength(3);
    const edited = records.find((r) => r.id === replaced.image) as any;
    expect(edited.original_image_id).toBe(original.image);
    // The preview draws one of the edited record's files (its variants appear while they are made).
    const showsRecord = async (imageId: string) => {
      const src = await form.getByTestId('sticker-form-preview').getAttribute('src');
      const record = (await albumImageRecords(albumId, token)).find((r) => r.id === imageId);
      const path = (url: string) => new URL(url, stack.baseUrl).pathname;
      return Boolean(src && record && Object.values(record.blob).some((url) => path(url) === path(src)));
    };
    await expect.poll(() => showsRecord(replaced.image), { timeout: 20_000 }).toBe(true);
    await page.screenshot({ path: `${SHOTS}/ai-edit-sticker-replaced.png` });
    // Closing the form without saving keeps the replacement: the modal's choice was a change of its own.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('sticker-form-name').waitFor({ state: 'detached' });
    expect((await sticker()).image).toBe(replaced.image);

    await expect
      .poll(() => page.getByTestId('sync-status').getAttribute('data-status'), { timeout: 15_000 })
      .toBe('saved');
    await page.reload();
    await page.locator(`[data-testid="sticker-tile"][data-sticker-id="${original.id}"] button`).click();
    expect((await sticker()).image).toBe(replaced.image);
    await expect.poll(() => showsRecord(replaced.image), { timeout: 20_000 }).toBe(true);
    await context.close();
  }, 180_000);
});
