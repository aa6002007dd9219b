import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STICKER_UPLOADS_POLL_MS } from '@stickerbook/model';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import type { Album } from '../../api/types.ts';
import type { MergedStickerUploadsView, StickerUploadListView, StickerUploadView } from '@stickerbook/api';

/** The sticker link fields of GET /albums/:id (@stickerbook/api schemas/albums.ts). */
export type StickerLinkSettings = Pick<
  Album,
  | 'stickerUploadEnabled'
  | 'stickerUploadWhiteLabel'
  | 'stickerUploadContent'
  | 'stickerUploadCustomDomain'
  | 'stickerUploadRequirePosition'
  | 'stickerUploadSurpriseMode'
  | 'stickerUploadAskForTitle'
  | 'stickerUploadAnonymousUrl'
  | 'stickerUploadsPath'
>;

/** GET /albums/:id/sticker_uploads (@stickerbook/api schemas/sticker-link.ts). */
export type StickerUpload = StickerUploadView;

export const stickerUploadsQueryKey = (albumId: string) => ['albums', albumId, 'sticker_uploads'] as const;
const uploadsKey = stickerUploadsQueryKey;

export function useUpdateStickerLink(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<Omit<StickerLinkSettings, 'stickerUploadsPath'>>) =>
      api.patch<Album>(`/albums/${encodeURIComponent(albumId)}`, body),
    onSuccess: (album) => client.setQueryData(queryKeys.album(albumId), album),
  });
}

/**
 * SPEC §4: the collected uploads refresh every 30 s while the tab is open; an open editor also reads them again as
 * soon as the server says they changed (realtime `sticker_uploads_changed`, web/src/sync/index.ts).
 */
export function useStickerUploads(albumId: string, enabled: boolean) {
  return useQuery({
    queryKey: uploadsKey(albumId),
    queryFn: async () =>
      (await api.get<StickerUploadListView>(`/albums/${encodeURIComponent(albumId)}/sticker_uploads`))
        .sticker_uploads,
    refetchInterval: STICKER_UPLOADS_POLL_MS,
    enabled,
  });
}

export function useMergeStickerUploads(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.patch<MergedStickerUploadsView>(`/albums/${encodeURIComponent(albumId)}/sticker_uploads/merge`, {
        sticker_upload_ids: ids,
      }),
    onSettled: () => client.invalidateQueries({ queryKey: uploadsKey(albumId) }),
  });
}

export function useDeleteStickerUpload(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/sticker_uploads/${encodeURIComponent(id)}`),
    onSettled: () => client.invalidateQueries({ queryKey: uploadsKey(albumId) }),
  });
}
