export const AUDIENCES = ['wedding', 'business'] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * The link a partner shares: the album wizard with the partner's public source as SPEC §7 marketing parameters.
 * The wizard keeps them in its URL and sends them as the new album's analytics_metadata, which credits the partner;
 * `entrypoint` tells the audience.
 */
export function affiliateLink(origin: string, urlSource: string, audience: Audience): string {
  const query = new URLSearchParams({ utm_source: urlSource, utm_medium: 'affiliate', entrypoint: audience });
  return `${origin}/album/new?${query.toString()}`;
}
