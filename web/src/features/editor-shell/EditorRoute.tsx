import { Alert, Button, Center, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { useAlbum } from '../../api/queries.ts';
import { isApiError } from '../../api/errors.ts';
import { useViewer } from '../../auth/session.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { AlbumNotFound } from './AlbumNotFound.tsx';
import { resolveEditorPath, visibleTabs } from './editorKeys.ts';
import { EditorShell, useMobileEditor } from './EditorShell.tsx';

/** /album/{albumId}/{key?}/{childKey?}/{childChildKey?}: loads the album, applies the key rules, shows the shell. */
export function EditorRoute() {
  const { t } = useTranslation();
  const { albumId = '', key, childKey, childChildKey } = useParams();
  const viewer = useViewer();
  const album = useAlbum(albumId);
  const mobile = useMobileEditor();

  if (album.isPending) return <PageLoader />;
  if (album.isError) {
    if (isApiError(album.error) && album.error.status === 404) return <AlbumNotFound />;
    return (
      <Center mih="100vh">
        <Stack align="center">
          <Alert color="red">{t('errors.generic')}</Alert>
          <Button onClick={() => album.refetch()}>{t('common.retry')}</Button>
        </Stack>
      </Center>
    );
  }

  const context = { isAdmin: viewer.isAdmin, hasOrder: Boolean(album.data.hasOrder), mobile };
  const resolution = resolveEditorPath(albumId, { key, childKey, childChildKey }, context);
  if (resolution.kind === 'redirect') return <Navigate to={resolution.to} replace />;
  return (
    <EditorShell
      key={album.data.id}
      album={album.data}
      view={resolution.kind === 'view' ? resolution.view : null}
      tabs={visibleTabs(context)}
    />
  );
}
