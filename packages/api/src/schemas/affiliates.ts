/**
 * Partners (SPEC §3 Affiliate, §7): the back office's partner accounts, and the statistics a partner opens with its
 * unguessable token alone.
 */
import { z } from 'zod';

const affiliateSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Opens the partner's statistics page: 256 random bits, or a token of at least 24 characters an admin chose. */
  url_token: z.string(),
  /** The `utm_source` that credits albums and orders to the partner. */
  url_source: z.string(),
  created_at: z.string(),
});

/** POST /affiliates. */
export const newAffiliateSchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  // A chosen token must be as hard to guess as a generated one.
  url_token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{24,100}$/, 'Must be 24 to 100 letters, digits, - or _')
    .optional(),
});

/** GET /affiliates: newest first. */
export const affiliateListSchema = z.object({ affiliates: z.array(affiliateSchema) });

/** POST /affiliates: the new partner, with its token. */
export const affiliateResponseSchema = z.object({ affiliate: affiliateSchema });

/** Credited albums or orders per calendar month (UTC, 'YYYY-MM'), newest month first. */
const monthlyCountsSchema = z.object({
  total_count: z.number(),
  data: z.array(z.object({ month: z.string(), count: z.number() })),
});

/** GET /public/affiliate_conversions?url_token (a missing token is answered 404, as an unknown one). */
export const affiliateConversionsQuerySchema = z.object({ url_token: z.string().max(200).default('') });

/** The partner's statistics page. */
export const affiliateConversionsSchema = z.object({
  name: z.string(),
  album_conversions: monthlyCountsSchema,
  order_conversions: monthlyCountsSchema,
  url_source: z.string(),
});

export type AffiliateView = z.infer<typeof affiliateSchema>;
export type AffiliateListView = z.infer<typeof affiliateListSchema>;
export type AffiliateResponseView = z.infer<typeof affiliateResponseSchema>;
export type NewAffiliateBody = z.input<typeof newAffiliateSchema>;
export type AffiliateConversionsView = z.infer<typeof affiliateConversionsSchema>;
