import type { RenderDataView } from '@stickerbook/api';
import { albumStatistics, type AlbumDocument } from '@stickerbook/model';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { stickerTemplates } from '../db/schema.ts';
import type { AlbumRow } from '../album-store/albums.ts';
import { imageIdsOf, type RenderImage, type RenderImageSource } from './image-source.ts';

/** GET /albums/:albumId/render_data: everything the print route draws an album from, in one response. */
export async function buildRenderData(
  db: Db,
  album: AlbumRow,
  images: RenderImageSource,
): Promise<RenderDataView> {
  const doc: AlbumDocument = album.workspace;
  const templateRows = await db.select().from(stickerTemplates).orderBy(asc(stickerTemplates.id));
  const templates: RenderDataView['templates'] = {};
  // Seeded files are checked against the template schema by the seed tests; the row type is the wider StickerTemplate.
  for (const row of templateRows) templates[String(row.id)] = row.data as RenderDataView['templates'][string];
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
    images: records,
    statistics: albumStatistics(doc),
  };
}
