import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/queries.ts';
import type {
  AcceptedInvitationView,
  AssociationListView,
  AssociationView,
  InvitationView,
  ManagedInvitationListView,
  PatchAlbumBody,
  PendingInvitationsView,
  PublicInvitationView,
} from '@stickerbook/api';
import type { Album } from '../../api/types.ts';
import { expectAccessLoss } from '../../sync/leaving.ts';

/** SPEC §3 Invitation, with the link its mail carries for who may invite (to pass on by hand). */
export type Invitation = InvitationView;

/** GET /public/invitations/{token}: the invitation as its link shows it. */
export type PublicInvitation = PublicInvitationView;

/** SPEC §3 Association: the owner or a member of the album. */
export type Association = AssociationView;

/** The album fields of the general settings tab (PATCH /albums/{id}). */
export type AlbumSettingsBody = Pick<
  PatchAlbumBody,
  'title' | 'releaseDate' | 'language' | 'email_notifications_enabled'
>;

export type AlbumWithSettings = Album;

const albumPath = (id: string) => `/albums/${encodeURIComponent(id)}`;

const keys = {
  invitations: (albumId: string) => ['albums', albumId, 'invitations'] as const,
  associations: (albumId: string) => ['albums', albumId, 'associations'] as const,
  publicInvitation: (token: string) => ['public-invitations', token] as const,
};

export function useInvitations(albumId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.invitations(albumId),
    queryFn: async () =>
      (await api.get<ManagedInvitationListView>(`${albumPath(albumId)}/invitations`)).invitations,
    enabled,
  });
}

export function useAssociations(albumId: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.associations(albumId),
    queryFn: async () =>
      (await api.get<AssociationListView>(`${albumPath(albumId)}/associations`)).associations,
    enabled,
  });
}

/** SPEC §7: album calls carry the album's language, so the invitation mail is written in it too. */
export function useInvite(albumId: string, language: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) =>
      api.post<Invitation>(
        `${albumPath(albumId)}/invitations`,
        { email },
        { language: language ?? undefined },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.invitations(albumId) }),
  });
}

export function useCancelInvitation(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => api.delete(`/invitations/${encodeURIComponent(invitationId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.invitations(albumId) }),
  });
}

export function useRemoveMember(albumId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (associationId: string) => api.delete(`/associations/${encodeURIComponent(associationId)}`),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.associations(albumId) }),
  });
}

/**
 * A member leaves the album (deletes their own association). The editor's connection is closed by the server;
 * `onLeft` (navigation away) runs before the album's cached view is dropped, as when deleting.
 */
export function useLeaveAlbum(albumId: string, onLeft: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (associationId: string) => {
      const undo = expectAccessLoss(albumId);
      try {
        await api.delete(`/associations/${encodeURIComponent(associationId)}`);
      } catch (error) {
        undo();
        throw error;
      }
    },
    onSuccess: () => {
      onLeft();
      client.removeQueries({ queryKey: queryKeys.album(albumId), exact: true });
      client.removeQueries({ queryKey: keys.associations(albumId) });
      client.removeQueries({ queryKey: keys.invitations(albumId) });
      void client.invalidateQueries({ queryKey: queryKeys.albums, exact: true });
    },
  });
}

export function useSaveAlbumSettings(albumId: string, language: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AlbumSettingsBody) =>
      api.patch<Album>(albumPath(albumId), body, { asGuest: true, language: language ?? undefined }),
    onSuccess: (album) => {
      client.setQueryData(queryKeys.album(albumId), album);
      void client.invalidateQueries({ queryKey: queryKeys.albums, exact: true });
    },
  });
}

export function usePublicInvitation(token: string) {
  return useQuery({
    queryKey: keys.publicInvitation(token),
    queryFn: () =>
      api.get<PublicInvitation>(`/public/invitations/${encodeURIComponent(token)}`, { anonymous: true }),
    retry: (count, error) => count < 2 && (error as { status?: number }).status !== 404,
  });
}

export const pendingInvitationsKey = ['invitations', 'pending'] as const;

/**
 * Invitations show only once the account has confirmed its address (`verification_required` until then, with the
 * number `waiting`).
 */
export function usePendingInvitations() {
  return useQuery({
    queryKey: pendingInvitationsKey,
    queryFn: () => api.get<PendingInvitationsView>('/invitations/pending'),
  });
}

/** Sends the account's activation mail again. */
export function useResendActivationMail() {
  return useMutation({ mutationFn: () => api.post<void>('/users/activation_mail') });
}

export function useConfirmInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.post<AcceptedInvitationView>(`/invitations/${encodeURIComponent(token)}/confirm`),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: pendingInvitationsKey });
      return client.invalidateQueries({ queryKey: queryKeys.albums, exact: true });
    },
  });
}

/**
 * Deletes the album and leaves it: `onDeleted` (navigation away) runs before the album's cached view is dropped,
 * so the editor never re-reads the album it shows and flashes "not found".
 */
export function useDeleteAlbumFromSettings(albumId: string, onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete(albumPath(albumId)),
    onSuccess: () => {
      onDeleted();
      client.removeQueries({ queryKey: queryKeys.album(albumId), exact: true });
      void client.invalidateQueries({ queryKey: queryKeys.albums, exact: true });
    },
  });
}
