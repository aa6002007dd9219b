import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../ui/layout/AppLayout.tsx';
import { Guarded } from './Guarded.tsx';
import { RootLayout } from './RootLayout.tsx';
import { ROUTES } from './routeTable.ts';

const toRoute = (entry: (typeof ROUTES)[number]): RouteObject => ({
  path: entry.path,
  element: <Guarded entry={entry} />,
});

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      ...ROUTES.filter((entry) => entry.bare).map(toRoute),
      { element: <AppLayout />, children: ROUTES.filter((entry) => !entry.bare).map(toRoute) },
      // SPEC §2: any unknown path redirects to /start.
      { path: '*', element: <Navigate to="/start" replace /> },
    ],
  },
]);
