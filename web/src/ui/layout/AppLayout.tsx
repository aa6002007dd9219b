import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

// Loaded when first opened, not with every page.
const AppSettingsModal = lazy(() =>
  import('./AppSettingsModal.tsx').then((module) => ({ default: module.AppSettingsModal })),
);

export function AppLayout() {
  const [settingsOpen, settings] = useDisclosure(false);
  const [settingsUsed, setSettingsUsed] = useState(false);
  const openSettings = () => {
    setSettingsUsed(true);
    settings.open();
  };
  return (
    <>
      <Header onSettings={openSettings} />
      <main className="sb-main">
        <Outlet />
      </main>
      <Footer />
      {settingsUsed && (
        <Suspense fallback={null}>
          <AppSettingsModal opened={settingsOpen} onClose={settings.close} />
        </Suspense>
      )}
    </>
  );
}
