import type { Config } from '../../config/index.ts';
import type { ImageEditAvailability } from './image-edit-provider.ts';
import { OpenAiImageEdits } from './openai-client.ts';

export * from './image-edit-provider.ts';
export { PARTIAL_IMAGES } from './openai-client.ts';
export { readServerSentEvents } from './sse.ts';

/**
 * The AI edit is offered only outside production (SPEC §2 "button only in a non-production environment") and only
 * with a provider; otherwise it is off, with the reason the features route reports.
 */
export function imageEditAvailability(config: Config): ImageEditAvailability {
  if (config.appEnv === 'production') return { enabled: false, reason: 'PRODUCTION' };
  if (!config.openaiApiKey) return { enabled: false, reason: 'NO_PROVIDER' };
  return {
    enabled: true,
    provider: new OpenAiImageEdits({ apiKey: config.openaiApiKey, baseUrl: config.openaiApiUrl }),
  };
}
