/**
 * SPEC §3 cover_preview_url: a real thumbnail of the album's cover, rendered by the print pipeline (the /render
 * route in Debian's Chromium) once asked for, and rendered again after the cover changes.
 */
import { insertElement, spreadsInOrder, type AlbumDocument } from '@stickerbook/model';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCoverPreview, runCoverPreviewJob, workCoverPreviews } from '../src/albums/cover-preview.ts';
import { printTestsCanRun, startPrintStack, type PrintStack } from './helpers/print.ts';
import { bearer, createAlbum, signUp, type Session } from './helpers/test-app.ts';

describe.skipIf(!printTestsCanRun)('cover thumbnails', () => {
  let stack: PrintStack;
  let owner: Session;
  let stranger: Session;
  let albumId: string;

  beforeAll(async () => {
    stack = await startPrintStack();
    await workCoverPreviews(stack.jobs.boss, stack.deps);
    owner = await signUp(stack.app);
    stranger = await signUp(stack.app);
    albumId = (await createAlbum(stack.app, owner.access_token, { blueprint_id: 'birthday-party' })).id;
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
  });

  const api = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    stack.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, payload });

  async function listedCoverUrl(): Promise<string | null> {
    const list = (await api('GET', '/albums', owner.access_token)).json() as {
      albums: Array<{ id: string; cover_preview_url: string | null }>;
    };
    return list.albums.find((album) => album.id === albumId)!.cover_preview_url;
  }

  /** Polls (the render runs in the job worker) until `ready` holds; the deadline only bounds a broken run. */
  async function until<T>(read: () => Promise<T>, ready: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 600; i++) {
      const value = await read();
      if (ready(value)) return value;
      await sleep(200);
    }
    throw new Error('the cover thumbnail never came');
  }

  const fetchThumbnail = (url: string, headers: Record<string, string> = {}) =>
    stack.app.inject({ method: 'GET', url, headers });

  async function coverChange(edit: (doc: AlbumDocument) => ReturnType<typeof insertElement>['patches']) {
    const album = (await api('GET', `/albums/${albumId}`, owner.access_token)).json();
    const response = await api('POST', `/albums/${albumId}/mutations`, owner.access_token, {
      version: album.version,
      clientId: 'cover-test',
      mutationId: `cover-test-${album.version}`,
      patches: edit(album.workspace as AlbumDocument),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
  }

  /** The average colour of the thumbnail's left half (the back cover), as [r, g, b]. */
  async function backCoverColour(jpeg: Buffer): Promise<number[]> {
    const { width, height } = await sharp(jpeg).metadata();
    const stats = await sharp(jpeg)
      .extract({ left: 0, top: 0, width: Math.floor(width! / 2), height: height! })
      .stats();
    return stats.channels.slice(0, 3).map((channel) => Math.round(channel.mean));
  }

  let firstUrl: string;
  let firstJpeg: Buffer;

  it('lists no thumbnail before the first render, then a JPEG of the whole cover spread', async () => {
    // Until the first render the URL answers 204 (no picture yet), and the list sends none.
    expect((await fetchThumbnail(`/api/v1/albums/${albumId}/cover_preview`)).statusCode).toBe(204);
    expect(await listedCoverUrl()).toBeNull();
    firstUrl = (await until(listedCoverUrl, (url) => url !== null))!;
    const response = await fetchThumbnail(firstUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    firstJpeg = response.rawPayload;
    const meta = await sharp(firstJpeg).metadata();
    expect(meta.format).toBe('jpeg');
    // The 460 x 297 mm cover spread at 48 dpi (96 css px per inch, rounded up to whole device pixels).
    expect(meta.width).toBeCloseTo(869, -1);
    expect(meta.height).toBeCloseTo(561, -1);
    // A cover, not a blank sheet: the template's design shows several colours.
    const stats = await sharp(firstJpeg).stats();
    expect(stats.entropy).toBeGreaterThan(1);
  }, 150_000);

  it('answers a browser that has this version with 304, and the album views carry the same URL', async () => {
    const first = await fetchThumbnail(firstUrl);
    const again = await fetchThumbnail(firstUrl, { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    const album = (await api('GET', `/albums/${albumId}`, owner.access_token)).json();
    expect(album.cover_preview_url).toBe(firstUrl);
  });

  it('renders the cover again after it changed: the new thumbnail shows the change', async () => {
    const before = await findCoverPreview(stack.database.db, albumId);
    // The template's back cover is turquoise before.
    const [r0, g0] = await backCoverColour(firstJpeg);
    expect(r0 - g0).toBeLessThan(0);
    // A red sheet over the whole back cover (the left page of the first spread).
    await coverChange(
      (doc) =>
        insertElement(doc, {
          type: 'Rectangle',
          parentId: spreadsInOrder(doc)[0].id,
          props: { x: 0, y: 0, width: 230, height: 297, fill: '#e03131' },
        }).patches,
    );
    const after = await until(
      () => findCoverPreview(stack.database.db, albumId),
      (row) => row !== undefined && row.storageKey !== before!.storageKey,
    );
    expect(after!.contentHash).not.toBe(before!.contentHash);
    const response = await fetchThumbnail(firstUrl);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(firstJpeg)).toBe(false);
    if (process.env.COVER_TEST_KEEP) {
      const { writeFileSync } = await import('node:fs');
      writeFileSync(`${process.env.COVER_TEST_KEEP}/before.jpg`, firstJpeg);
      writeFileSync(`${process.env.COVER_TEST_KEEP}/after.jpg`, response.rawPayload);
    }
    const [r, g] = await backCoverColour(response.rawPayload);
    expect(r).toBeGreaterThan(180);
    expect(r - g).toBeGreaterThan(80);
    // The old file is gone from storage.
    await expect(stack.deps.storage.read(before!.storageKey)).rejects.toThrow();
  }, 150_000);

  it('renders nothing when only inner pages change', async () => {
    const before = await findCoverPreview(stack.database.db, albumId);
    await coverChange(
      (doc) =>
        insertElement(doc, {
          type: 'Rectangle',
          parentId: spreadsInOrder(doc)[1].id,
          props: { x: 10, y: 10, width: 50, height: 50, fill: '#1971c2' },
        }).patches,
    );
    await runCoverPreviewJob(stack.deps, { albumId });
    const after = await findCoverPreview(stack.database.db, albumId);
    expect(after!.storageKey).toBe(before!.storageKey);
    expect(after!.checkedVersion).toBeGreaterThan(before!.checkedVersion);
  });

  it('answers 404 for an album that does not exist, and keeps other albums private', async () => {
    expect((await api('GET', '/albums/no-such-album/cover_preview')).statusCode).toBe(404);
    expect((await api('GET', `/albums/${albumId}`, stranger.access_token)).statusCode).toBe(404);
  });
});
