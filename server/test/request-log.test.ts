/**
 * Issue 16: the request log names route and path but never a secret of the URL (render tokens, preview, sticker-link
 * and invitation tokens, AI-edit stream tokens, signed file URLs), so whoever reads the log gets no album with it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { albumInvitations } from '../src/db/schema.ts';
import { loggablePath } from '../src/http/request-log.ts';
import { photo, portrait, uploadImage } from './fixtures/images/upload-client.ts';
import {
  adminToken,
  download,
  printTestsCanRun,
  startPrintStack,
  waitForJob,
  type PrintStack,
} from './helpers/print.ts';
import { albumWithLink, submitToLink, uploadLinkPhoto } from './helpers/sticker-link.ts';
import { bearer, signUp, startTestApp, type TestApp } from './helpers/test-app.ts';

function capturingLog() {
  const lines: string[] = [];
  return {
    lines,
    stream: { write: (line: string) => void lines.push(line) },
    text: () => lines.join(''),
    parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** Every way a secret could be written: whole, in a query, or any JWT at all. */
function expectNoSecrets(logText: string, secrets: string[]) {
  for (const secret of secrets)
    expect(logText, `token ${secret.slice(0, 6)}… is in the log`).not.toContain(secret);
  expect(logText).not.toMatch(/[?&](sig|token)=/);
  expect(logText).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
}

describe('the request log keeps the secrets of URLs out', () => {
  let t: TestApp;
  let dataDir: string;
  const log = capturingLog();

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sb-request-log-'));
    t = await startTestApp('pglite', { dataDir, logLevel: 'info' }, { logStream: log.stream });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('logs a preview, a sticker-link upload and an invitation by route, without their tokens', async () => {
    const owner = await signUp(t.app);
    const invitee = await signUp(t.app);
    const { album, linkToken } = await albumWithLink(t.app, owner.access_token);
    const secrets = [linkToken, owner.access_token, owner.refresh_token];

    // The owner's own photo: declared, PUT to a signed URL, shown through signed file URLs.
    const image = await uploadImage(t.app, owner.access_token, album.id, await photo(400, 300));
    expect(image.statusCode).toBe(201);

    // The preview link and what it shows.
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/v1/albums/${album.id}`,
      headers: bearer(owner.access_token),
    });
    const previewToken = (view.json().albumPreviewPath as string).split('/preview/')[1];
    secrets.push(previewToken);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/public/album_previews/${previewToken}` }))
        .statusCode,
    ).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: `/album/${album.id}/preview/${previewToken}` });
    expect(page.statusCode).toBe(200);

    // A contributor's photo through the sticker link, and the page of the link.
    expect((await t.app.inject({ method: 'GET', url: `/s/${linkToken}` })).statusCode).toBe(200);
    const { blobId, declared } = await uploadLinkPhoto(t.app, linkToken, (await portrait()).jpeg);
    const uploadUrl = (declared.json() as { upload_url: string }).upload_url;
    secrets.push(new URL(uploadUrl, 'http://x').searchParams.get('sig')!);
    const submitted = await submitToLink(t.app, linkToken, {
      name: 'Mia',
      section_id: null,
      blob_id: blobId,
    });
    expect(submitted.statusCode).toBe(201);

    // An invitation: the public page, its API and the confirmation.
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/v1/albums/${album.id}/invitations`,
      headers: bearer(owner.access_token),
      payload: { email: invitee.user.email },
    });
    expect(invited.statusCode).toBe(201);
    const [{ token: invitationToken }] = await t.database.db
      .select({ token: albumInvitations.token })
      .from(albumInvitations)
      .where(eq(albumInvitations.id, invited.json().id));
    secrets.push(invitationToken);
    expect(
      (await t.app.inject({ method: 'GET', url: `/invitations/${invitationToken}/accept` })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/public/invitations/${invitationToken}` }))
        .statusCode,
    ).toBe(200);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/invitations/${invitationToken}/confirm`,
      headers: bearer(invitee.access_token),
    });
    expect(confirmed.statusCode).toBe(200);

    expectNoSecrets(log.text(), secrets);
    // The lines still say which route was asked for.
    const requests = log.parsed().flatMap((line) => (line.req ? [line.req as Record<string, string>] : []));
    expect(requests).toContainEqual(
      expect.objectContaining({
        route: '/api/v1/public/sticker_uploads/:token',
        path: '/api/v1/public/sticker_uploads/:token',
        method: 'POST',
      }),
    );
    expect(requests).toContainEqual(expect.objectContaining({ path: `/album/${album.id}/preview/:token` }));
    expect(requests).toContainEqual(expect.objectContaining({ path: '/invitations/:token/accept' }));
    expect(requests).toContainEqual(expect.objectContaining({ path: '/s/:token' }));
  });

  it('drops the query and any JWT-shaped segment from a path with no route', () => {
    expect(loggablePath('/render/abc?token=x.y.z&api=1')).toBe('/render/abc');
    expect(loggablePath('/somewhere/eyJhbGciOiJI.eyJzdWIiOiJh.c2lnbmF0dXJl/x')).toBe('/somewhere/:token/x');
    expect(loggablePath('/api/v1/files/a/b?ct=image%2Fjpeg&exp=1&sig=abc', '/api/v1/files/*')).toBe(
      '/api/v1/files/a/b',
    );
  });
});

describe.skipIf(!printTestsCanRun)('the request log of an export', () => {
  let stack: PrintStack;
  const log = capturingLog();

  beforeAll(async () => {
    stack = await startPrintStack({ config: { logLevel: 'info' }, logStream: log.stream });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('has the render page and its data without the render token, and the download without its signature', async () => {
    const token = await adminToken(stack);
    const album = await stack.app.inject({
      method: 'POST',
      url: '/api/v1/albums',
      headers: bearer(token),
      payload: { blueprint_id: 'test-fixture' },
    });
    const albumId = album.json().id as string;
    const created = await stack.app.inject({
      method: 'POST',
      url: '/api/v1/exports/render_jobs',
      headers: bearer(token),
      payload: {
        render_job: {
          params: { album_id: albumId, range: '1', dpi: '72' },
          settings: { preset: 'album_check' },
        },
      },
    });
    expect(created.statusCode).toBe(201);
    const { job } = await waitForJob(stack, token, albumId, created.json().render_job.id, 120_000);
    expect(job.state, job.error ?? '').toBe('finished');
    expect((await download(stack, job.file_url!)).length).toBeGreaterThan(0);

    const signature = new URL(job.file_url!, stack.baseUrl).searchParams.get('sig')!;
    expectNoSecrets(log.text(), [created.json().meta.token, signature, token]);
    const paths = log.parsed().flatMap((line) => (line.req ? [(line.req as { path: string }).path] : []));
    // Chromium's visit of the print route was logged, query (token) and all gone.
    expect(paths).toContain(`/render/${albumId}`);
    expect(paths).toContain(`/api/v1/albums/${albumId}/render_data`);
  });
});
