import { Anchor, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LanguageSwitch } from './LanguageSwitch.tsx';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-gray-2)', background: 'white' }}>
      <Container size="lg" py="md">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Stickerbook · {t('footer.tagline')}
          </Text>
          <Group gap="md">
            <Anchor component={Link} to="/imprint" size="sm" c="dimmed" data-testid="footer-imprint">
              {t('footer.imprint')}
            </Anchor>
            <Anchor component={Link} to="/privacy" size="sm" c="dimmed" data-testid="footer-privacy">
              {t('footer.privacy')}
            </Anchor>
            <Anchor component={Link} to="/terms" size="sm" c="dimmed">
              {t('help.terms')}
            </Anchor>
            <LanguageSwitch compact testId="footer-language-switch" />
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
