import { useEffect, useRef } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { useSession } from '../../auth/session.ts';
import { loginPathFor } from '../../api/client.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { migrateGuestAlbums } from './authActions.ts';

/**
 * /album/{id}/migrate: where a guest's "log in to save" leads back to. Login and sign-up already move
 * the guest's albums (SPEC §4); this page finishes a pending migration (e.g. after OIDC) and opens the album.
 */
export function MigratePage() {
  const { albumId = '' } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const started = useRef(false);
  const isUser = session.kind === 'user';

  useEffect(() => {
    if (!isUser || started.current) return;
    started.current = true;
    void migrateGuestAlbums().then(() => navigate(`/album/${albumId}`, { replace: true }));
  }, [isUser, albumId, navigate]);

  if (!isUser) return <Navigate to={loginPathFor(`/album/${albumId}/migrate`)} replace />;
  return <PageLoader />;
}
