import type { RenderDataView } from '@stickerbook/api';
import type { WithDocument } from '../../api/types.ts';
import type { ImageSizeFor, ImageUrlFor, ImageVariant } from '../../render/index.ts';

/** GET /albums/:albumId/render_data (@stickerbook/api schemas/render-data.ts). */
export type RenderData = WithDocument<RenderDataView>;

export class RenderLoadError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

/** The render token goes in its own header to our own API only (the caller checked api_url). */
export async function fetchRenderData(
  apiUrl: string,
  albumId: string,
  token: string,
  signal?: AbortSignal,
): Promise<RenderData> {
  let response: Response;
  try {
    response = await fetch(`${apiUrl.replace(/\/$/, '')}/albums/${encodeURIComponent(albumId)}/render_data`, {
      headers: { Accept: 'application/json', 'X-Render-Token': token },
      credentials: 'omit',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new RenderLoadError('NETWORK_ERROR');
  }
  if (response.status === 401) throw new RenderLoadError('UNAUTHORIZED');
  if (response.status === 404) throw new RenderLoadError('NOT_FOUND');
  if (!response.ok) throw new RenderLoadError('LOAD_FAILED');
  return (await response.json()) as RenderData;
}

/** The image URL for a variant, falling back to larger ones (print never wants a smaller image than asked). */
export function imageUrlsOf(data: RenderData): { imageUrlFor: ImageUrlFor; imageSizeFor: ImageSizeFor } {
  const order: ImageVariant[] = ['small', 'medium', 'large', 'full', 'original'];
  return {
    imageUrlFor: (id, variant) => {
      const urls = data.images[id]?.urls;
      if (!urls) return undefined;
      for (const name of order.slice(order.indexOf(variant))) if (urls[name]) return urls[name];
      return undefined;
    },
    imageSizeFor: (id) => {
      const image = data.images[id];
      return image ? { width: image.width, height: image.height } : undefined;
    },
  };
}
