import { Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

const KINDS = ['imprint', 'privacy', 'terms', 'customer-information'] as const;
type LegalKind = (typeof KINDS)[number];

/** Imprint, privacy, terms and customer information: the operator fills in the texts; the pages exist now. */
export function LegalPage() {
  const { t } = useTranslation();
  const slug = useLocation().pathname.slice(1) as LegalKind;
  const kind: LegalKind = KINDS.includes(slug) ? slug : 'imprint';
  return (
    <Container size="sm" py={48}>
      <Stack>
        <Title order={1}>{t(`legal.${kind}.title`)}</Title>
        <Text>{t(`legal.${kind}.body`)}</Text>
      </Stack>
    </Container>
  );
}
