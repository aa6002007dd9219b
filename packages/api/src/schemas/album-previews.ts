/**
 * The album preview (SPEC §2 /album/{albumId}/preview/{token}, §3 albumPreviewPath): the album's people read it in
 * the checkout and share it as a link; anyone holding the link views the album read-only, as the renderer draws it
 * and nothing else of the album (SPEC §6).
 */
import { z } from 'zod';
import { renderDataSchema } from './render-data.ts';

/** GET /public/album_previews/{token}: the print route's render data, comments left out. */
export const albumPreviewSchema = renderDataSchema;

/** GET /albums/{id}/preview: the same, with the album's preview link (null for a guest's album). */
export const ownAlbumPreviewSchema = renderDataSchema.extend({ album_preview_path: z.string().nullable() });

/** PATCH /albums/{id}/rotate_album_preview_url_token: the new link; the old one stops working at once. */
export const albumPreviewPathSchema = z.object({ album_preview_path: z.string() });

export type AlbumPreviewView = z.infer<typeof albumPreviewSchema>;
export type OwnAlbumPreviewView = z.infer<typeof ownAlbumPreviewSchema>;
export type AlbumPreviewPathView = z.infer<typeof albumPreviewPathSchema>;
