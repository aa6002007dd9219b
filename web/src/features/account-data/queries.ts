import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import type { User } from '../../api/types.ts';

/** GET /users/me/data_export, GET /admin/users/{id} `data_export` (server/src/accounts/routes.ts). */
export interface DataExport {
  state: 'none' | 'working' | 'finished' | 'error';
  progress: number;
  blob_url: string | null;
  byte_size: number | null;
  created_at: string | null;
  finished_at: string | null;
}

interface SharedAlbum {
  id: string;
  title: string;
  members: Array<{ id: string; email: string; nickname: string | null }>;
}

/** GET /users/me/deletion: how the deletion is confirmed and the shared albums that need a decision. */
export interface DeletionPlan {
  confirm_with: 'password' | 'email';
  shared_albums: SharedAlbum[];
}

export type SharedAlbumDecision =
  { album_id: string; action: 'delete' } | { album_id: string; action: 'hand_over'; new_owner_id: string };

export interface AdminUser {
  user: User;
  deletion: DeletionPlan;
  data_export: DataExport;
}

/** While an export runs its state is read again every 2 s; the job's progress moves in steps of 5 %. */
const EXPORT_POLL_MS = 2_000;

const myExportKey = ['account-data', 'me', 'export'] as const;

export function useMyDataExport() {
  return useQuery({
    queryKey: myExportKey,
    queryFn: () => api.get<DataExport>('/users/me/data_export'),
    refetchInterval: (query) => (query.state.data?.state === 'working' ? EXPORT_POLL_MS : false),
  });
}

export function useStartMyDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExport>('/users/me/data_export'),
    onSuccess: (state) => client.setQueryData(myExportKey, state),
  });
}

export function useMyDeletionPlan(enabled: boolean) {
  return useQuery({
    queryKey: ['account-data', 'me', 'deletion'],
    queryFn: () => api.get<DeletionPlan>('/users/me/deletion'),
    enabled,
  });
}

export const deleteMyAccount = (body: {
  password?: string;
  email?: string;
  shared_albums: SharedAlbumDecision[];
}) => api.delete('/users/me', { body });

const adminUserKey = (email: string) => ['account-data', 'admin', email] as const;

export function useAdminUser(email: string) {
  return useQuery({
    queryKey: adminUserKey(email),
    queryFn: () => api.get<AdminUser>(`/admin/users?email=${encodeURIComponent(email)}`),
    enabled: email.length > 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.data_export.state === 'working' ? EXPORT_POLL_MS : false),
  });
}

export function useStartAdminDataExport(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<DataExport>(`/admin/users/${encodeURIComponent(userId)}/data_export`),
    onSuccess: () => client.invalidateQueries({ queryKey: adminUserKey(email) }),
  });
}

export const deleteUserAsAdmin = (userId: string, sharedAlbums: SharedAlbumDecision[]) =>
  api.delete(`/admin/users/${encodeURIComponent(userId)}`, { body: { shared_albums: sharedAlbums } });
