import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { holdModalEvents, overlaysReady } from './deferredOverlays.ts';
import { queryClient } from './queryClient.ts';
import { router } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

// Toasts and `modals` dialogs load after the first render; dialogs asked for meanwhile wait (deferredOverlays.ts).
holdModalEvents();
const Overlays = lazy(() => import('./Overlays.tsx'));

/** Close buttons of dialogs, drawers and toasts get a name in the UI language (screen readers, WCAG 4.1.2). */
function useLocalizedTheme() {
  const { t, i18n } = useTranslation();
  return useMemo(() => {
    const closeButtonProps = { 'aria-label': t('a11y.close') };
    return mergeThemeOverrides(theme, {
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
        Notification: { defaultProps: { closeButtonProps } },
        Alert: { defaultProps: { closeButtonLabel: t('a11y.close') } },
        Anchor: { defaultProps: { underline: 'always' } },
      },
    });
    // i18n.language: the labels follow a language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, i18n.language]);
}

export function App() {
  const localizedTheme = useLocalizedTheme();
  return (
    <MantineProvider
      theme={localizedTheme}
      cssVariablesResolver={cssVariablesResolver}
      // The theme's variables outrank Mantine's defaults whatever the order: the stylesheets come after the
      // first-paint shell in the body (vite-first-paint.ts), after the variables Mantine puts in the head.
      cssVariablesSelector="html:root"
      defaultColorScheme="light"
    >
      <ErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <Suspense fallback={null}>
            <Overlays onReady={overlaysReady} />
          </Suspense>
        </QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
