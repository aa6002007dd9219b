import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { TOAST_AUTO_CLOSE_MS } from '../ui/notify.ts';
import { ErrorBoundary } from '../ui/ErrorBoundary.tsx';
import { queryClient } from './queryClient.ts';
import { router } from './router.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

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
          <ModalsProvider>
            <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} />
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </ErrorBoundary>
    </MantineProvider>
  );
}
