/**
 * SPEC §7 stock photos (docs/api-contract.md "Stock photos"): search and lookup from Pexels or the local library,
 * and the admins' uploads that fill the library. A photo has Pexels' shape whichever source answers.
 */
import { STOCK_PER_PAGE } from '@stickerbook/model';
import { z } from 'zod';

/** GET /stock_photos/{id}, and each photo of a search. */
export const stockPhotoSchema = z.object({
  id: z.number(),
  width: z.number(),
  height: z.number(),
  photographer: z.string(),
  photographer_url: z.string().nullable(),
  /** The photo's Pexels page; null for library photos. */
  url: z.string().nullable(),
  alt: z.string(),
  src: z.object({
    tiny: z.string(),
    small: z.string(),
    medium: z.string(),
    large: z.string(),
    large2x: z.string(),
    original: z.string(),
  }),
});

/** GET /stock_photos?query=. */
export const stockSearchQuerySchema = z.object({
  query: z.string().trim().min(1).max(100),
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(80).default(STOCK_PER_PAGE),
  /** Pexels locale (de-DE, en-US, fr-FR, it-IT, pl-PL, ...). */
  locale: z
    .string()
    .regex(/^[a-z]{2}-[A-Z]{2}$/, 'Must look like de-DE')
    .optional(),
});

/** GET /stock_photos: one page of a search. */
export const stockSearchSchema = z.object({
  provider: z.enum(['pexels', 'library']),
  photos: z.array(stockPhotoSchema),
  page: z.number(),
  per_page: z.number(),
  total_results: z.number(),
  next_page: z.number().nullable(),
  /** The provider failed: the page is empty and the failure was reported on the server. */
  unavailable: z.boolean().optional(),
});

/** POST /stock_photos (admins): an uploaded blob becomes a library photo. */
export const createLibraryPhotoSchema = z.strictObject({
  blob_id: z.string().min(1).max(64),
  photographer: z.string().trim().min(1).max(120),
  photographer_url: z.url().max(500).optional(),
  title: z.string().trim().max(200).optional(),
  alt: z.string().trim().max(500).optional(),
  tags: z.array(z.string().trim().min(1).max(64)).max(32).optional(),
});

/** POST /stock_photos, 201: the library photo, with the title and tags it is found by. */
export const libraryPhotoSchema = stockPhotoSchema.extend({ title: z.string(), tags: z.array(z.string()) });

export type StockPhotoView = z.infer<typeof stockPhotoSchema>;
export type StockSearchView = z.infer<typeof stockSearchSchema>;
export type CreateLibraryPhotoBody = z.input<typeof createLibraryPhotoSchema>;
export type LibraryPhotoView = z.infer<typeof libraryPhotoSchema>;
