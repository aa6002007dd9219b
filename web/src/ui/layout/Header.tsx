import { Box, Container, Group } from '@mantine/core';
import { HelpMenu } from './HelpMenu.tsx';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { Logo } from './Logo.tsx';
import { UserMenu } from './UserMenu.tsx';

export function Header({ onSettings }: { onSettings: () => void }) {
  return (
    <header style={{ background: 'white', borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Logo />
          <Group gap="xs" wrap="nowrap">
            <Box visibleFrom="sm">
              <LanguageSwitch />
            </Box>
            <HelpMenu />
            <UserMenu onSettings={onSettings} />
          </Group>
        </Group>
      </Container>
    </header>
  );
}
