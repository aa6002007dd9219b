import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlbumPreviewPathView, AlbumPreviewView } from '@stickerbook/api';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import type { Album, WithDocument } from '../../api/types.ts';

/** GET /public/album_previews/{token}: what the renderer draws the album from (the print route's render data). */
export type AlbumPreview = WithDocument<AlbumPreviewView>;

/** The preview as anyone holding the link sees it: no session is sent, and a wrong token is not retried. */
export function usePublicAlbumPreview(token: string) {
  return useQuery({
    queryKey: ['album-previews', token] as const,
    queryFn: ({ signal }) =>
      api.get<AlbumPreview>(`/public/album_previews/${encodeURIComponent(token)}`, {
        anonymous: true,
        signal,
      }),
    retry: false,
    refetchOnWindowFocus: false,
    // Image URLs are signed for a while only; a long-open preview fetches fresh ones.
    staleTime: 10 * 60_000,
  });
}

/** PATCH /albums/{id}/rotate_album_preview_url_token: a new link; the old one stops working at once. */
export function useRotatePreviewLink(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.patch<AlbumPreviewPathView>(
        `/albums/${encodeURIComponent(albumId)}/rotate_album_preview_url_token`,
      ),
    onSuccess: ({ album_preview_path }) => {
      client.setQueryData<Album>(queryKeys.album(albumId), (album) =>
        album ? { ...album, albumPreviewPath: album_preview_path } : album,
      );
    },
  });
}
