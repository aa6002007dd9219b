/**
 * Cover previews the web draws with the album renderer: the start page's album cards and the wizard's template
 * cards. A few kB instead of the whole document, so a page of cards stays light.
 */
import { z } from 'zod';
import { imageSchema } from './images.ts';

/** GET /blueprints/{id}/cover: the template's first spread, with the template's own image entries. */
export const coverSchema = z.object({
  title: z.string(),
  release_date: z.string().nullable(),
  language: z.string(),
  /** The first spread as an AlbumDocument of its own, automatic texts resolved (packages/model cover.ts). */
  workspace: z.record(z.string(), z.unknown()),
  images: z.array(z.unknown()),
});

/** GET /albums/{id}/cover: the album's first spread, with the image records it draws. */
export const albumCoverSchema = coverSchema.extend({ images: z.array(imageSchema) });

export type CoverView = z.infer<typeof coverSchema>;
