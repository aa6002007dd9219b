import { albumStatistics, type AlbumDocument, type StickerTemplate } from '@stickerbook/model';
import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { stickerTemplates } from '../db/schema.ts';
import type { AlbumRow } from '../album-store/albums.ts';
import { imageIdsOf, type RenderImage, type RenderImageSource } from './image-source.ts';

/** GET /albums/:albumId/render_data: everything the print route draws an album from, in one response. */
export const renderDataSchema = z.object({
  album: z.object({
    id: z.string(),
    title: z.string(),
    releaseDate: z.string().nullable(),
    language: z.string(),
    bookSpine: z.boolean(),
  }),
  /** The AlbumDocument of packages/model. */
  workspace: z.record(z.string(), z.unknown()),
  /** Sticker frame designs by id (SPEC §3 template documents). */
  templates: z.record(z.string(), z.unknown()),
  images: z.record(
    z.string(),
    z.object({ width: z.number(), height: z.number(), urls: z.record(z.string(), z.string()) }),
  ),
  statistics: z.object({
    spreadsCount: z.number(),
    inlaySpreadsCount: z.number(),
    spreadsNeeded: z.number(),
    spine: z.number(),
  }),
});

export type RenderData = z.infer<typeof renderDataSchema>;

export async function buildRenderData(
  db: Db,
  album: AlbumRow,
  images: RenderImageSource,
): Promise<RenderData> {
  const doc: AlbumDocument = album.workspace;
  const templateRows = await db.select().from(stickerTemplates).orderBy(asc(stickerTemplates.id));
  const templates: Record<string, StickerTemplate> = {};
  for (const row of templateRows) templates[String(row.id)] = row.data;
  const records: Record<string, RenderImage> = await images(album.id, imageIdsOf(doc));
  return {
    album: {
      id: album.id,
      title: album.title,
      releaseDate: album.releaseDate,
      language: album.language,
      bookSpine: album.settings.bookSpine ?? true,
    },
    workspace: doc as unknown as Record<string, unknown>,
    templates,
    images: records as RenderData['images'],
    statistics: albumStatistics(doc),
  };
}
