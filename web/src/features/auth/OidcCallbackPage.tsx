import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { api } from '../../api/client.ts';
import type { User } from '../../api/types.ts';
import { setSession } from '../../auth/session.ts';
import { safeReturnTo } from '../../app/guards.ts';
import { notify } from '../../ui/notify.ts';
import { PageLoader } from '../../ui/PageLoader.tsx';
import { migrateGuestAlbums } from './authActions.ts';

/**
 * The OIDC provider's way back: the access token arrives in the URL fragment so it never reaches server logs; the
 * refresh token came in the callback's HttpOnly cookie.
 */
export function OidcCallbackPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = new URLSearchParams(window.location.hash.slice(1));
  const accessToken = params.get('access_token');
  const returnTo = safeReturnTo(params.get('return_to'));
  const started = useRef(false);

  useEffect(() => {
    if (!accessToken || started.current) return;
    started.current = true;
    void (async () => {
      try {
        // Guest albums move before the session switches, so the account never shows up without them.
        await migrateGuestAlbums(accessToken);
        const me = await api.get<User>('/users/me', { accessToken });
        setSession({ kind: 'user', accessToken, user: me });
        navigate(returnTo, { replace: true });
      } catch {
        notify.error(t('errors.generic'));
        navigate('/login', { replace: true });
      }
    })();
  }, [accessToken, returnTo, navigate, t]);

  if (!accessToken) return <Navigate to="/login" replace />;
  return <PageLoader />;
}
