import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { AppSettingsModal } from './AppSettingsModal.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

export function AppLayout() {
  const [settingsOpen, settings] = useDisclosure(false);
  return (
    <>
      <Header onSettings={settings.open} />
      <main className="sb-main">
        <Outlet />
      </main>
      <Footer />
      <AppSettingsModal opened={settingsOpen} onClose={settings.close} />
    </>
  );
}
