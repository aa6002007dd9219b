import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/**
 * A fake OpenAI API on 127.0.0.1 for POST /v1/images/edits: checks the bearer key, reads the multipart form
 * (model, image, prompt, stream, partial_images) and, with stream=true, answers text/event-stream with
 * `image_edit.partial_image` events (b64_json, partial_image_index) and one `image_edit.completed`
 * (https://platform.openai.com/docs/api-reference/images-streaming), each with the fields OpenAI sends.
 */
export interface FakeOpenAi {
  url: string;
  requests: Array<{
    authorization?: string;
    model: string;
    prompt: string;
    stream: string;
    partialImages: string;
    image: { type: string; size: number; width?: number; height?: number };
  }>;
  /** ok: partials then the image; reject: 400 JSON error; stream-error: one partial, then an error event. */
  mode: 'ok' | 'reject' | 'stream-error';
  /** Pause between events, so a test can watch partials arrive before the end. */
  eventDelayMs: number;
  /** The final image the fake sends (a 64 x 48 PNG). */
  result: Buffer;
  close(): Promise<void>;
}

const pngOf = (r: number, g: number, b: number) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();

export async function startFakeOpenAi(apiKey: string): Promise<FakeOpenAi> {
  const partials = [await pngOf(200, 200, 200), await pngOf(120, 160, 220)];
  const fake: FakeOpenAi = {
    url: '',
    requests: [],
    mode: 'ok',
    eventDelayMs: 20,
    result: await pngOf(30, 90, 200),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const common = {
    created_at: 1_750_000_000,
    size: '1024x1024',
    quality: 'high',
    background: 'opaque',
    output_format: 'png',
  };

  async function stream(response: ServerResponse, count: number) {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
    });
    const send = async (type: string, data: object) => {
      await new Promise((resolve) => setTimeout(resolve, fake.eventDelayMs));
      response.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
    };
    if (fake.mode === 'stream-error') {
      await send('image_edit.partial_image', {
        ...common,
        b64_json: partials[0].toString('base64'),
        partial_image_index: 0,
      });
      await send('error', {
        error: {
          type: 'image_generation_user_error',
          code: 'moderation_blocked',
          message: 'Your request was rejected by the safety system.',
        },
      });
      return response.end();
    }
    for (let index = 0; index < count; index += 1) {
      await send('image_edit.partial_image', {
        ...common,
        b64_json: partials[index % partials.length].toString('base64'),
        partial_image_index: index,
      });
    }
    await send('image_edit.completed', {
      ...common,
      b64_json: fake.result.toString('base64'),
      usage: {
        total_tokens: 100,
        input_tokens: 50,
        output_tokens: 50,
        input_tokens_details: { text_tokens: 10, image_tokens: 40 },
      },
    });
    response.end();
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const json = (status: number, body: object) => {
          response.writeHead(status, { 'content-type': 'application/json' });
          response.end(JSON.stringify(body));
        };
        if (request.method !== 'POST' || request.url !== '/v1/images/edits') {
          return json(404, { error: { message: 'Unknown route', type: 'invalid_request_error' } });
        }
        if (request.headers.authorization !== `Bearer ${apiKey}`) {
          return json(401, {
            error: {
              message: 'Incorrect API key provided',
              type: 'invalid_request_error',
              code: 'invalid_api_key',
            },
          });
        }
        const form = await new Request('http://fake/', {
          method: 'POST',
          headers: { 'content-type': request.headers['content-type'] ?? '' },
          body: Buffer.concat(chunks),
        }).formData();
        const image = form.get('image') as File | null;
        const bytes = image ? Buffer.from(await image.arrayBuffer()) : Buffer.alloc(0);
        const meta = bytes.length
          ? await sharp(bytes)
              .metadata()
              .catch(() => undefined)
          : undefined;
        fake.requests.push({
          authorization: request.headers.authorization,
          model: String(form.get('model')),
          prompt: String(form.get('prompt')),
          stream: String(form.get('stream')),
          partialImages: String(form.get('partial_images')),
          image: { type: image?.type ?? '', size: bytes.length, width: meta?.width, height: meta?.height },
        });
        if (fake.mode === 'reject' || !image) {
          return json(400, {
            error: {
              message: 'Invalid image file or mode for image 1, please check your image file.',
              type: 'invalid_request_error',
              param: 'image',
              code: 'invalid_image_file',
            },
          });
        }
        if (form.get('stream') !== 'true') {
          return json(200, {
            created: common.created_at,
            data: [{ b64_json: fake.result.toString('base64') }],
          });
        }
        await stream(response, Number(form.get('partial_images') ?? 0));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
