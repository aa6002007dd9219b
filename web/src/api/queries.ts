import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from './client.ts';
import type {
  AlbumListView,
  AuthConfigView,
  BlueprintListView,
  OrganizationListView,
  PatchAlbumBody,
  UpdateMeBody,
} from '@stickerbook/api';
import type { Album, CreateAlbumBody, User } from './types.ts';

// Every server read and write of the shell goes through these hooks, so cache keys live in one place.
export const queryKeys = {
  me: ['me'] as const,
  albums: ['albums'] as const,
  album: (id: string) => ['albums', id] as const,
  /** Templates are named in the UI language (Accept-Language), so each language is its own entry. */
  blueprints: (language: string) => ['blueprints', language] as const,
  organizations: ['organizations'] as const,
  authConfig: ['auth-config'] as const,
};

export function useMe(enabled = true) {
  return useQuery({ queryKey: queryKeys.me, queryFn: () => api.get<User>('/users/me'), enabled });
}

export function useUpdateMe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMeBody) => api.patch<User>('/users/me', body),
    onSuccess: (user) => client.setQueryData(queryKeys.me, user),
  });
}

/** The signed-in user's albums, as the start page lists them; also requested at start-up beside its code. */
export function albumsQuery() {
  return queryOptions({
    queryKey: queryKeys.albums,
    queryFn: async () => (await api.get<AlbumListView>('/albums')).albums,
  });
}

export function useAlbums() {
  return useQuery(albumsQuery());
}

/** One album, as the editor and the checkout read it; also requested at start-up beside the editor's code. */
export function albumQuery(id: string) {
  return queryOptions({
    queryKey: queryKeys.album(id),
    queryFn: () => api.get<Album>(`/albums/${encodeURIComponent(id)}`, { asGuest: true }),
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}

export function useAlbum(id: string) {
  return useQuery(albumQuery(id));
}

/** SPEC §7: album calls carry the album's language in Accept-Language. */
export function useUpdateAlbum(id: string, language?: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PatchAlbumBody) =>
      api.patch<Album>(`/albums/${encodeURIComponent(id)}`, body, {
        asGuest: true,
        language: language ?? undefined,
      }),
    onSuccess: (album) => {
      client.setQueryData(queryKeys.album(id), album);
      void client.invalidateQueries({ queryKey: queryKeys.albums, exact: true });
    },
  });
}

export function useDeleteAlbum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/albums/${encodeURIComponent(id)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.albums }),
  });
}

export function useCreateAlbum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAlbumBody) => api.post<Album>('/albums', body, { asGuest: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.albums }),
  });
}

export function useBlueprints() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useQuery({
    queryKey: queryKeys.blueprints(language),
    queryFn: async () =>
      (await api.get<BlueprintListView>('/blueprints', { asGuest: true, language })).blueprints,
    staleTime: 5 * 60_000,
  });
}

export function useOrganizations(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.organizations,
    queryFn: async () =>
      (await api.get<OrganizationListView>('/organizations', { asGuest: true })).organizations,
    enabled,
  });
}

export function useAuthConfig() {
  return useQuery({
    queryKey: queryKeys.authConfig,
    queryFn: () => api.get<AuthConfigView>('/auth/config', { anonymous: true }),
    staleTime: Infinity,
  });
}
