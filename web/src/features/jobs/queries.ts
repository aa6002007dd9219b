import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatedRenderJobView,
  CreateRenderJobBody,
  PatchAlbumBody,
  RenderJobListView,
  RenderJobView,
} from '@stickerbook/api';
import { RENDER_JOBS_POLL_MS } from '@stickerbook/model';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import type { Album } from '../../api/types.ts';

/** A render job as GET /render_jobs lists it (@stickerbook/api schemas/render-jobs.ts). */
export type RenderJob = RenderJobView;

/** What POST /exports/render_jobs is sent inside its `render_job`. */
export type NewRenderJob = CreateRenderJobBody['render_job'];

const renderJobsKey = (albumId: string) => ['render-jobs', albumId] as const;

/** SPEC §4 render job polling: the list refreshes every 5 s while the tab is open. */
export function useRenderJobs(albumId: string) {
  return useQuery({
    queryKey: renderJobsKey(albumId),
    queryFn: async () =>
      (await api.get<RenderJobListView>(`/render_jobs?album_id=${encodeURIComponent(albumId)}`)).render_jobs,
    refetchInterval: RENDER_JOBS_POLL_MS,
  });
}

export function useCreateRenderJob(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: NewRenderJob) =>
      api.post<CreatedRenderJobView>('/exports/render_jobs', {
        render_job: job,
      } satisfies CreateRenderJobBody),
    onSuccess: () => client.invalidateQueries({ queryKey: renderJobsKey(albumId) }),
  });
}

export function useDeleteRenderJob(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/render_jobs/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: renderJobsKey(albumId) }),
  });
}

/** SPEC §4: admins toggle the album lock in the jobs tab. */
export function useSetAlbumLocked(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (locked: boolean) =>
      api.patch<Album>(`/albums/${encodeURIComponent(albumId)}`, { locked } satisfies PatchAlbumBody),
    onSuccess: (album) => client.setQueryData(queryKeys.album(albumId), album),
  });
}
