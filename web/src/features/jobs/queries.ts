import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RENDER_JOBS_POLL_MS, type PresetName, type PrintSettings } from '@stickerbook/model';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import type { Album } from '../../api/types.ts';

/** GET /render_jobs (server/src/print/render-job-routes.ts). */
export interface RenderJob {
  id: string;
  state: 'queued' | 'working' | 'finished' | 'error';
  progress: number;
  pages_done: number;
  pages_total: number | null;
  file_url: string | null;
  file_name: string | null;
  file_size: number | null;
  error: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
  params: Partial<PrintSettings> & { album_id: string };
  settings: { label?: string; custom?: boolean; preset?: PresetName };
}

export interface NewRenderJob {
  params: Partial<PrintSettings> & { album_id: string };
  settings: { label?: string; custom?: boolean; preset: PresetName };
}

const renderJobsKey = (albumId: string) => ['render-jobs', albumId] as const;

/** SPEC §4 render job polling: the list refreshes every 5 s while the tab is open. */
export function useRenderJobs(albumId: string) {
  return useQuery({
    queryKey: renderJobsKey(albumId),
    queryFn: async () =>
      (await api.get<{ render_jobs: RenderJob[] }>(`/render_jobs?album_id=${encodeURIComponent(albumId)}`))
        .render_jobs,
    refetchInterval: RENDER_JOBS_POLL_MS,
  });
}

export function useCreateRenderJob(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (job: NewRenderJob) =>
      api.post<{ render_job: RenderJob; meta: { token: string } }>('/exports/render_jobs', {
        render_job: job,
      }),
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
    mutationFn: (locked: boolean) => api.patch<Album>(`/albums/${encodeURIComponent(albumId)}`, { locked }),
    onSuccess: (album) => client.setQueryData(queryKeys.album(albumId), album),
  });
}
