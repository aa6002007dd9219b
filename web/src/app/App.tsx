import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { TOAST_AUTO_CLOSE_MS } from '../ui/notify.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { queryClient } from './queryClient.ts';
import { router } from './router.tsx';
import { theme } from './theme.ts';

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider>
            <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} />
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
