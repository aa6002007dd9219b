import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageEditEventSchema } from '@stickerbook/api';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readServerSentEvents } from '../src/providers/openai-images/index.ts';
import { startFakeOpenAi, type FakeOpenAi } from './fakes/openai.ts';
import { photo, uploadImage } from './fixtures/images/upload-client.ts';
import {
  bearer,
  createAlbum,
  DATABASE_KINDS,
  signUp,
  startTestApp,
  type TestApp,
} from './helpers/test-app.ts';

const OPENAI_KEY = 'sk-fake-openai-key';

interface StreamedEvent {
  event: string;
  data: Record<string, unknown>;
  at: number;
}

describe.each(DATABASE_KINDS)('AI image edits on %s', (kind) => {
  let t: TestApp;
  let fake: FakeOpenAi;
  let dataDir: string;
  let base: string;
  let owner: { access_token: string };
  let stranger: { access_token: string };
  let albumId: string;
  let original: { id: string; blob: { original: string } };

  beforeAll(async () => {
    fake = await startFakeOpenAi(OPENAI_KEY);
    dataDir = mkdtempSync(join(tmpdir(), 'sb-edits-'));
    t = await startTestApp(kind, { dataDir, openaiApiKey: OPENAI_KEY, openaiApiUrl: fake.url });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    owner = await signUp(t.app);
    stranger = await signUp(t.app);
    albumId = (await createAlbum(t.app, owner.access_token)).id;
    const uploaded = await uploadImage(t.app, owner.access_token, albumId, await photo(3000, 2000));
    expect(uploaded.statusCode).toBe(201);
    original = uploaded.json();
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await fake.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const startEdit = (token: string, imageId = original.id, prompt = 'Make it look like a watercolour') =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/images/${imageId}/image_edits`,
      headers: bearer(token),
      payload: { prompt },
    });

  /** What a browser's EventSource sees: the events in arrival order, until the server ends the stream. */
  async function readStream(jobId: string, token: string, headers: Record<string, string> = {}) {
    const response = await fetch(
      `${base}/api/v1/image_edits/${jobId}/stream?token=${encodeURIComponent(token)}`,
      {
        headers,
      },
    );
    if (!response.ok) return { status: response.status, events: [] as StreamedEvent[] };
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: StreamedEvent[] = [];
    for await (const message of readServerSentEvents(response.body!)) {
      const event = { event: message.event ?? 'message', data: JSON.parse(message.data) };
      // No serializer checks a stream, so every event is held to the contract's shape here.
      imageEditEventSchema.parse(event);
      events.push({ ...event, at: Date.now() });
    }
    return { status: response.status, events };
  }

  const albumImageIds = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/albums/${albumId}/images`,
        headers: bearer(owner.access_token),
      })
    )
      .json()
      .images.map((image: { id: string }) => image.id) as string[];

  it('streams the states and both partial images in order, then done with a new image; the original is kept', async () => {
    fake.mode = 'ok';
    fake.eventDelayMs = 60;
    const started = await startEdit(owner.access_token);
    expect(started.statusCode).toBe(201);
    const { job_id, stream_token } = started.json();
    expect(job_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stream_token.length).toBeGreaterThanOrEqual(40);

    const { events } = await readStream(job_id, stream_token);
    const steps = events.filter((e) => e.event === 'progress').map((e) => e.data.step);
    expect(steps).toEqual(['queued', 'requesting', 'request_sent', 'connected', 'request_accepted']);
    const partials = events.filter((e) => e.event === 'partial');
    expect(partials.map((e) => [e.data.index, e.data.total])).toEqual([
      [0, 2],
      [1, 2],
    ]);
    expect(await sharp(Buffer.from(String(partials[0].data.b64), 'base64')).metadata()).toMatchObject({
      format: 'png',
    });
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    // The partials reached the client while the edit was still running, not all at the end.
    expect(done.at - partials[0].at).toBeGreaterThanOrEqual(60);
    expect(events.map((e) => e.event)).toEqual([
      ...steps.map(() => 'progress'),
      'partial',
      'partial',
      'done',
    ]);

    const image = done.data.image as { id: string; original_image_id: string; blob: { original: string } };
    expect(image.id).not.toBe(original.id);
    expect(image.original_image_id).toBe(original.id);
    const file = await t.app.inject({ method: 'GET', url: image.blob.original });
    expect(file.rawPayload.equals(fake.result)).toBe(true);
    const kept = await t.app.inject({
      method: 'GET',
      url: `/api/v1/images/${original.id}`,
      headers: bearer(owner.access_token),
    });
    expect(kept.statusCode).toBe(200);
    expect(await albumImageIds()).toEqual(expect.arrayContaining([original.id, image.id]));

    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({
      authorization: `Bearer ${OPENAI_KEY}`,
      model: 'gpt-image-1',
      prompt: 'Make it look like a watercolour',
      stream: 'true',
      partialImages: '2',
      image: { type: 'image/png', width: 1536, height: 1024 },
    });
  });

  it('replays the whole edit to a stream that connects after it finished, and resumes after Last-Event-ID', async () => {
    fake.eventDelayMs = 5;
    const { job_id, stream_token } = (await startEdit(owner.access_token)).json();
    const first = await readStream(job_id, stream_token);
    expect(first.events.at(-1)?.event).toBe('done');
    const replay = await readStream(job_id, stream_token);
    expect(replay.events.map((e) => e.event)).toEqual(first.events.map((e) => e.event));
    const resumed = await readStream(job_id, stream_token, {
      'Last-Event-ID': String(first.events.length - 1),
    });
    expect(resumed.events.map((e) => e.event)).toEqual(['done']);
  });

  it('ends with an error event carrying the provider message when OpenAI refuses, and creates no image', async () => {
    fake.mode = 'reject';
    const before = await albumImageIds();
    const { job_id, stream_token } = (await startEdit(owner.access_token)).json();
    const { events } = await readStream(job_id, stream_token);
    fake.mode = 'ok';
    expect(events.at(-1)).toMatchObject({
      event: 'error',
      data: { code: 'PROVIDER_REJECTED', message: expect.stringContaining('Invalid image file') },
    });
    expect(events.some((e) => e.event === 'done')).toBe(false);
    expect(await albumImageIds()).toEqual(before);
  });

  it('ends with an error event when the stream fails after a partial image', async () => {
    fake.mode = 'stream-error';
    const before = await albumImageIds();
    const { job_id, stream_token } = (await startEdit(owner.access_token)).json();
    const { events } = await readStream(job_id, stream_token);
    fake.mode = 'ok';
    expect(events.map((e) => e.event).slice(-2)).toEqual(['partial', 'error']);
    expect(events.at(-1)?.data).toMatchObject({
      code: 'PROVIDER_ERROR',
      message: expect.stringContaining('safety'),
    });
    expect(await albumImageIds()).toEqual(before);
  });

  it('lets nobody else start an edit of the image or read an edit stream, not even with the token', async () => {
    const refused = await startEdit(stranger.access_token);
    expect(refused.statusCode).toBe(404);
    const missing = await startEdit(owner.access_token, 'no-such-image');
    expect(missing.statusCode).toBe(404);

    const { job_id, stream_token } = (await startEdit(owner.access_token)).json();
    const withStrangerBearer = await readStream(job_id, stream_token, bearer(stranger.access_token));
    expect(withStrangerBearer.status).toBe(404);
    expect((await readStream(job_id, 'guessed-token')).status).toBe(404);
    expect((await readStream('00000000-0000-0000-0000-000000000000', stream_token)).status).toBe(404);
    // The creator, with or without the bearer, gets the stream.
    const own = await readStream(job_id, stream_token, bearer(owner.access_token));
    expect(own.events.at(-1)?.event).toBe('done');
  });

  it('refuses an empty prompt and anonymous callers', async () => {
    expect((await startEdit(owner.access_token, original.id, '   ')).statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/v1/images/${original.id}/image_edits`,
      payload: { prompt: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('AI image edit switched off', () => {
  it('is off without an OpenAI key, says why, and refuses to start an edit', async () => {
    const t = await startTestApp('pglite', { dataDir: mkdtempSync(join(tmpdir(), 'sb-edits-off-')) });
    try {
      const features = await t.app.inject({ method: 'GET', url: '/api/v1/features' });
      expect(features.json()).toMatchObject({ ai_image_edit: false, ai_image_edit_reason: 'NO_PROVIDER' });
      const owner = await signUp(t.app);
      const albumId = (await createAlbum(t.app, owner.access_token)).id;
      const image = (await uploadImage(t.app, owner.access_token, albumId, await photo(400, 300))).json();
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v1/images/${image.id}/image_edits`,
        headers: bearer(owner.access_token),
        payload: { prompt: 'Add a hat' },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toMatchObject({
        code: 'AI_EDIT_UNAVAILABLE',
        details: { reason: 'NO_PROVIDER' },
      });
    } finally {
      await t.close();
    }
  }, 60_000);

  it('is off in production even with a key', async () => {
    const t = await startTestApp('pglite', { appEnv: 'production', openaiApiKey: OPENAI_KEY });
    try {
      const features = await t.app.inject({ method: 'GET', url: '/api/v1/features' });
      expect(features.json()).toMatchObject({ ai_image_edit: false, ai_image_edit_reason: 'PRODUCTION' });
    } finally {
      await t.close();
    }
  }, 60_000);
});
