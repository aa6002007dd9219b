import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatedRenderJobView, CreateRenderJobBody, RenderJobListView } from '@stickerbook/api';
import { api } from '../../api/client.ts';
import type { RenderJob } from '../jobs/queries.ts';

const PROOF_PRESET = 'proof';
/** How often a rendering proof's progress is asked for: often enough that the bar moves. */
const PROOF_POLL_MS = 2_000;

const proofsKey = (albumId: string) => ['proofs', albumId] as const;

const isRunning = (job: RenderJob | undefined) => job?.state === 'queued' || job?.state === 'working';

/**
 * The newest proof of the album the viewer may see (GET /render_jobs answers owners and collaborators with their
 * own proofs only; admins get every export, of which only proofs count here). Polls while it renders.
 */
export function useLatestProof(albumId: string) {
  return useQuery({
    queryKey: proofsKey(albumId),
    queryFn: async ({ signal }) => {
      const { render_jobs } = await api.get<RenderJobListView>(
        `/render_jobs?album_id=${encodeURIComponent(albumId)}`,
        { signal, asGuest: true },
      );
      return render_jobs.find((job) => job.settings.preset === PROOF_PRESET) ?? null;
    },
    refetchInterval: (query) => (isRunning(query.state.data ?? undefined) ? PROOF_POLL_MS : false),
  });
}

/** POST /exports/render_jobs with the proof preset; while one renders the server answers with that one. */
export function useStartProof(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<CreatedRenderJobView>(
        '/exports/render_jobs',
        {
          render_job: { params: { album_id: albumId }, settings: { preset: PROOF_PRESET } },
        } satisfies CreateRenderJobBody,
        { asGuest: true },
      ),
    onSuccess: ({ render_job }) => client.setQueryData(proofsKey(albumId), render_job),
  });
}

export { isRunning as isProofRunning };
