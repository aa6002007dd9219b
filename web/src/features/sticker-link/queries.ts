import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { STICKER_UPLOADS_POLL_MS } from '@stickerbook/model';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import type { Album } from '../../api/types.ts';
import type { ImageRecord } from '../uploads/uploadApi.ts';

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

/** GET /albums/:id/sticker_uploads (server/src/sticker-link/routes.ts). */
export interface StickerUpload {
  id: string;
  name: string;
  last_name: string;
  position: string;
  section_id: string | null;
  merged_at: string | null;
  sticker_id: string | null;
  created_at: string;
  details: {
    width: number;
    height: number;
    face?: { x: number; y: number; width: number; height: number } | null;
  };
  image: ImageRecord | null;
}

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
      (
        await api.get<{ sticker_uploads: StickerUpload[] }>(
          `/albums/${encodeURIComponent(albumId)}/sticker_uploads`,
        )
      ).sticker_uploads,
    refetchInterval: STICKER_UPLOADS_POLL_MS,
    enabled,
  });
}

export function useMergeStickerUploads(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.patch<{ merged_at: string }>(`/albums/${encodeURIComponent(albumId)}/sticker_uploads/merge`, {
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
