/** What this deployment offers (GET /features), for the web to show or hide. */
import { z } from 'zod';

/** GET /features: the AI edit (off with its reason), the stock source, the SPEC §1 environment, the help widget. */
export const featuresSchema = z.object({
  ai_image_edit: z.boolean(),
  ai_image_edit_reason: z.enum(['NO_PROVIDER', 'PRODUCTION']).nullable(),
  stock: z.enum(['pexels', 'library']),
  environment: z.enum(['default', 'business', 'sports']),
  /** SPEC §7 help widget: Chatwoot's server and website token, or null for the built-in form. */
  chatwoot: z.object({ url: z.string(), website_token: z.string() }).nullable(),
});

export type FeaturesView = z.infer<typeof featuresSchema>;
