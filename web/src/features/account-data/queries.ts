import type {
  AdminUserView,
  DataExportView,
  DeleteAccountBody,
  DeleteUserBody,
  DeletionPlanView,
} from '@stickerbook/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

/** While an export runs its state is read again every 2 s; the job's progress moves in steps of 5 %. */
const EXPORT_POLL_MS = 2_000;

const myExportKey = ['account-data', 'me', 'export'] as const;

export function useMyDataExport() {
  return useQuery({
    queryKey: myExportKey,
    queryFn: () => api.get<DataExportView>('/users/me/data_export'),
    refetchInterval: (query) => (query.state.data?.state === 'working' ? EXPORT_POLL_MS : false),
  });
}

export function useStartMyDataExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<DataExportView>('/users/me/data_export'),
    onSuccess: (state) => client.setQueryData(myExportKey, state),
  });
}

export function useMyDeletionPlan(enabled: boolean) {
  return useQuery({
    queryKey: ['account-data', 'me', 'deletion'],
    queryFn: () => api.get<DeletionPlanView>('/users/me/deletion'),
    enabled,
  });
}

export const deleteMyAccount = (body: DeleteAccountBody) => api.delete('/users/me', { body });

const adminUserKey = (email: string) => ['account-data', 'admin', email] as const;

export function useAdminUser(email: string) {
  return useQuery({
    queryKey: adminUserKey(email),
    queryFn: () => api.get<AdminUserView>(`/admin/users?email=${encodeURIComponent(email)}`),
    enabled: email.length > 0,
    retry: false,
    refetchInterval: (query) => (query.state.data?.data_export.state === 'working' ? EXPORT_POLL_MS : false),
  });
}

export function useStartAdminDataExport(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.post<DataExportView>(`/admin/users/${encodeURIComponent(userId)}/data_export`),
    onSuccess: () => client.invalidateQueries({ queryKey: adminUserKey(email) }),
  });
}

export const deleteUserAsAdmin = (userId: string, body: DeleteUserBody) =>
  api.delete(`/admin/users/${encodeURIComponent(userId)}`, { body });
