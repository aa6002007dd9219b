import { Suspense } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useViewer } from '../auth/session.ts';
import { NotFoundPage } from '../ui/NotFoundPage.tsx';
import { PageLoader } from '../ui/PageLoader.tsx';
import { decideAccess } from './guards.ts';
import type { RouteEntry } from './routeTable.ts';
import { SCREENS } from './screens.tsx';
import { usePageMeta } from './usePageMeta.ts';

/** Applies the route's guard decision, then renders its lazily loaded screen. */
export function Guarded({ entry }: { entry: RouteEntry }) {
  const viewer = useViewer();
  const location = useLocation();
  usePageMeta(entry.screen);
  const decision = decideAccess(entry.access, viewer, location);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'not-found') return <NotFoundPage />;
  const Screen = SCREENS[entry.screen];
  return (
    <Suspense fallback={<PageLoader />}>
      <Screen />
    </Suspense>
  );
}
