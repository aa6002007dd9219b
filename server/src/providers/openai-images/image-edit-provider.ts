/**
 * One interface for AI image edits (DESIGN.md "Outside services"): OpenAI image edits with streamed partial images
 * when OPENAI_API_KEY is set (openai-client.ts); otherwise no provider, and the feature is off with a reason.
 */
import type { ApiErrorCodeSubset } from '@stickerbook/api';

/** What a provider reports while it works; the job turns these into SPEC §4 states and stream events. */
export type ImageEditProgress =
  | { type: 'request_sent' }
  | { type: 'connected' }
  | { type: 'request_accepted' }
  | { type: 'partial'; index: number; b64: string };

export interface ImageEditRequest {
  /** PNG bytes of the image to edit. */
  image: Buffer;
  prompt: string;
  signal: AbortSignal;
}

export interface ImageEditProvider {
  readonly kind: 'openai';
  /** Runs one edit, reporting progress as it streams; resolves with the final image's bytes. */
  edit(request: ImageEditRequest, onProgress: (progress: ImageEditProgress) => void): Promise<Buffer>;
}

/** A provider failure with a code for the job record and a message safe to show (the provider's own words). */
export class ImageEditError extends Error {
  constructor(
    readonly code: ApiErrorCodeSubset<
      'PROVIDER_REJECTED' | 'PROVIDER_ERROR' | 'PROVIDER_UNREACHABLE' | 'NO_RESULT'
    >,
    message: string,
  ) {
    super(message);
  }
}

/** Why the AI edit is off: no key configured, or a production deployment (SPEC §2: non-production only). */
type ImageEditUnavailableReason = 'NO_PROVIDER' | 'PRODUCTION';

export type ImageEditAvailability =
  { enabled: true; provider: ImageEditProvider } | { enabled: false; reason: ImageEditUnavailableReason };
