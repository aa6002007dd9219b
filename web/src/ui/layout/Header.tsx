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
            {/* Phones get the same switch, compact, so the language is changed where it is on a desktop. */}
            <Box hiddenFrom="sm">
              <LanguageSwitch compact testId="phone-language-switch" />
            </Box>
            <HelpMenu />
            <UserMenu onSettings={onSettings} />
          </Group>
        </Group>
      </Container>
    </header>
  );
}
