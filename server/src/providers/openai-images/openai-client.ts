import { z } from 'zod';
import {
  ImageEditError,
  type ImageEditProgress,
  type ImageEditProvider,
  type ImageEditRequest,
} from './image-edit-provider.ts';
import { readServerSentEvents } from './sse.ts';

/** How many partial images OpenAI streams before the final one (0-3); SPEC §4 shows them as progress steps. */
export const PARTIAL_IMAGES = 2;
const IMAGE_EDIT_MODEL = 'gpt-image-1';

/**
 * The streaming events of POST /v1/images/edits with `stream=true`
 * (https://platform.openai.com/docs/api-reference/images-streaming): `image_edit.partial_image` carries
 * `b64_json` and `partial_image_index`, `image_edit.completed` the final `b64_json`; both also carry size, quality,
 * background, output_format and created_at, which we do not need. A failure mid-stream arrives as an `error` event.
 */
const streamEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('image_edit.partial_image'),
    b64_json: z.string(),
    partial_image_index: z.number().int(),
  }),
  z.object({ type: z.literal('image_edit.completed'), b64_json: z.string() }),
  z.object({
    type: z.literal('error'),
    error: z.object({ message: z.string().optional(), code: z.string().nullish() }).optional(),
    message: z.string().optional(),
  }),
]);

const errorBodySchema = z.object({ error: z.object({ message: z.string() }) });

export interface OpenAiImageEditsOptions {
  apiKey: string;
  /** https://api.openai.com, or a fake in tests. */
  baseUrl: string;
}

/** The real provider: OpenAI image edits, gpt-image-1, streamed with two partial images. */
export class OpenAiImageEdits implements ImageEditProvider {
  readonly kind = 'openai';

  constructor(private readonly options: OpenAiImageEditsOptions) {}

  async edit(request: ImageEditRequest, onProgress: (progress: ImageEditProgress) => void): Promise<Buffer> {
    const form = new FormData();
    form.set('model', IMAGE_EDIT_MODEL);
    form.set('image', new Blob([new Uint8Array(request.image)], { type: 'image/png' }), 'image.png');
    form.set('prompt', request.prompt);
    form.set('stream', 'true');
    form.set('partial_images', String(PARTIAL_IMAGES));

    let response: Response;
    const sending = fetch(`${this.options.baseUrl}/v1/images/edits`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${this.options.apiKey}`, Accept: 'text/event-stream' },
      body: form,
      signal: request.signal,
    });
    // fetch resolves only with the response headers; by then the request has gone out.
    onProgress({ type: 'request_sent' });
    try {
      response = await sending;
    } catch (error) {
      if (request.signal.aborted) throw error;
      throw new ImageEditError(
        'PROVIDER_UNREACHABLE',
        `The image service cannot be reached: ${String(error)}`,
      );
    }
    if (!response.ok) {
      const text = await response.text().catch(() => '');
      const parsed = errorBodySchema.safeParse(safeJson(text));
      throw new ImageEditError(
        'PROVIDER_REJECTED',
        parsed.success ? parsed.data.error.message : `The image service answered ${response.status}`,
      );
    }
    onProgress({ type: 'connected' });

    if (!response.headers.get('content-type')?.includes('text/event-stream') || !response.body) {
      // A non-streaming answer ({ data: [{ b64_json }] }) is still a result.
      const body = z
        .object({ data: z.array(z.object({ b64_json: z.string() })).min(1) })
        .safeParse(safeJson(await response.text()));
      if (!body.success) throw new ImageEditError('NO_RESULT', 'The image service sent no image');
      onProgress({ type: 'request_accepted' });
      return Buffer.from(body.data.data[0].b64_json, 'base64');
    }

    let accepted = false;
    for await (const message of readServerSentEvents(response.body)) {
      if (message.data === '[DONE]') break;
      const json = safeJson(message.data);
      const withType =
        json && typeof json === 'object' && !('type' in json) && message.event
          ? { type: message.event, ...json }
          : json;
      const parsed = streamEventSchema.safeParse(withType);
      if (!parsed.success) continue; // events we do not know are skipped, as OpenAI's own SDK does
      const event = parsed.data;
      if (!accepted && event.type !== 'error') {
        accepted = true;
        onProgress({ type: 'request_accepted' });
      }
      if (event.type === 'image_edit.partial_image') {
        onProgress({ type: 'partial', index: event.partial_image_index, b64: event.b64_json });
      } else if (event.type === 'image_edit.completed') {
        await response.body.cancel().catch(() => undefined);
        return Buffer.from(event.b64_json, 'base64');
      } else {
        throw new ImageEditError(
          'PROVIDER_ERROR',
          event.error?.message ?? event.message ?? 'The image service reported an error',
        );
      }
    }
    throw new ImageEditError('NO_RESULT', 'The image service ended the stream without an image');
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
