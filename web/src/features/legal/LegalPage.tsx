import { Alert, Anchor, Container, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { operatorValues, useOperator, type OperatorDetails } from './operator.ts';

const KINDS = ['imprint', 'privacy', 'terms', 'customer-information'] as const;
export type LegalKind = (typeof KINDS)[number];

/** Each page's sections in reading order (keys of `legal.<kind>.sections`). */
export const LEGAL_SECTIONS: Record<LegalKind, readonly string[]> = {
  imprint: ['responsible', 'disputes', 'liability'],
  terms: ['scope', 'contract', 'content', 'prices', 'delivery', 'withdrawal', 'warranty', 'liability', 'law'],
  'customer-information': [
    'seller',
    'product',
    'process',
    'prices',
    'delivery',
    'withdrawal',
    'warranty',
    'disputes',
  ],
  privacy: [
    'controller',
    'account',
    'albums',
    'orders',
    'cookies',
    'recipients',
    'retention',
    'rights',
    'selfService',
    'security',
  ],
};

/** The imprint and the customer information name the operator in full, as § 5 DDG and Art. 246a EGBGB ask. */
const WITH_OPERATOR_BLOCK: readonly LegalKind[] = ['imprint', 'customer-information'];

function OperatorBlock({ operator }: { operator: OperatorDetails }) {
  const { t } = useTranslation();
  const rows: Array<[string, ReactNode]> = [
    [t('legal.operator.company'), operator.company],
    [t('legal.operator.address'), operator.address],
    [t('legal.operator.representative'), operator.representative],
    [t('legal.operator.register'), operator.register],
    [t('legal.operator.vatId'), operator.vat_id],
    [t('legal.operator.email'), <Anchor href={`mailto:${operator.email}`}>{operator.email}</Anchor>],
    [
      t('legal.operator.phone'),
      <Anchor href={`tel:${operator.phone.replace(/[^+\d]/g, '')}`}>{operator.phone}</Anchor>,
    ],
  ];
  return (
    <Paper withBorder p="lg" data-testid="legal-operator">
      <Title order={2} size="h4" mb="sm">
        {t('legal.operator.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6}>
        {rows.map(([label, value]) => (
          <Stack key={label} gap={0}>
            <Text size="xs" c="dimmed" fw={700} tt="uppercase">
              {label}
            </Text>
            <Text>{value}</Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/** Imprint, privacy, terms and customer information: texts in every UI language with the operator's details. */
export function LegalPage() {
  const { t } = useTranslation();
  const slug = useLocation().pathname.slice(1) as LegalKind;
  const kind: LegalKind = KINDS.includes(slug) ? slug : 'imprint';
  const operator = useOperator();
  const values = operator.data ? operatorValues(operator.data) : undefined;
  return (
    <Container size="sm" py={48} data-testid="legal-page" data-kind={kind}>
      <Stack gap="lg">
        <Title order={1}>{t(`legal.${kind}.title`)}</Title>
        <Text c="dimmed">{t(`legal.${kind}.intro`, values)}</Text>
        {operator.isError && <Alert color="red">{t('legal.loadError')}</Alert>}
        {operator.isPending && <Skeleton h={320} />}
        {values && operator.data && (
          <>
            {WITH_OPERATOR_BLOCK.includes(kind) && <OperatorBlock operator={operator.data} />}
            {LEGAL_SECTIONS[kind].map((section) => (
              <Stack key={section} gap={4} component="section" data-section={section}>
                <Title order={2} size="h4">
                  {t(`legal.${kind}.sections.${section}.heading`)}
                </Title>
                <Text style={{ whiteSpace: 'pre-line' }}>
                  {t(`legal.${kind}.sections.${section}.body`, values)}
                </Text>
              </Stack>
            ))}
          </>
        )}
      </Stack>
    </Container>
  );
}
