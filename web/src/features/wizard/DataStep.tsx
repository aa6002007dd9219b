import '@mantine/core/styles/Combobox.css';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPhoneCall } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTACT_ROLES, ORGANIZATION_SIZES } from '../../api/types.ts';
import { useEnvironmentTexts } from '../site-environment/index.ts';
import { isLargeOrganization, organizationErrors, type OrganizationDraft } from './wizardRules.ts';
import { wizardStore } from './wizardStore.ts';
import type { useWizardFlow } from './useWizardFlow.ts';

type Flow = ReturnType<typeof useWizardFlow>;

/** Booking pages for a call with the team (SPEC §9: expert call above 200 people, info call otherwise). */
const EXPERT_CALL_URL = 'https://stickerbook.app/call/expert';
const INFO_CALL_URL = 'https://stickerbook.app/call/info';

export function DataStep({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const environment = useEnvironmentTexts();
  const draft = flow.state.organization;
  const [showErrors, setShowErrors] = useState(false);
  const errors = organizationErrors(draft);
  const errorFor = (field: keyof OrganizationDraft) =>
    showErrors && errors[field] ? t(`errors.wizard.${errors[field]}`) : undefined;
  const set = (patch: Partial<OrganizationDraft>) =>
    wizardStore.update({ organization: { ...draft, ...patch } });

  const next = () => {
    if (Object.keys(errors).length) return setShowErrors(true);
    flow.goTo('confirm');
  };

  return (
    <Paper withBorder p="xl" maw={720} mx="auto">
      <Stack>
        <Text c="dimmed">{t('wizard.data.intro')}</Text>
        <TextInput
          label={environment.organizationLabel}
          required
          value={draft.name}
          error={errorFor('name')}
          onChange={(event) => set({ name: event.currentTarget.value })}
          data-testid="org-name"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label={t('wizard.data.size')}
            required
            value={draft.size || null}
            error={errorFor('size')}
            data={ORGANIZATION_SIZES.map((size) => ({ value: size, label: t(`wizard.data.sizes.${size}`) }))}
            onChange={(value) => set({ size: (value ?? '') as OrganizationDraft['size'] })}
            data-testid="org-size"
          />
          <Select
            label={t('wizard.data.contactRole')}
            required
            value={draft.contactRole || null}
            error={errorFor('contactRole')}
            data={CONTACT_ROLES.map((role) => ({ value: role, label: t(`wizard.data.roles.${role}`) }))}
            onChange={(value) => set({ contactRole: (value ?? '') as OrganizationDraft['contactRole'] })}
            data-testid="org-role"
          />
          <TextInput
            label={t('wizard.data.contactName')}
            required
            value={draft.contactName}
            error={errorFor('contactName')}
            onChange={(event) => set({ contactName: event.currentTarget.value })}
            data-testid="org-contact-name"
          />
          <TextInput
            label={t('wizard.data.phone')}
            required
            type="tel"
            value={draft.phone}
            error={errorFor('phone')}
            onChange={(event) => set({ phone: event.currentTarget.value })}
            data-testid="org-phone"
          />
        </SimpleGrid>
        {draft.size && (
          <Alert
            color="sun"
            variant="light"
            icon={<IconPhoneCall />}
            data-testid={isLargeOrganization(draft.size) ? 'expert-call' : 'info-call'}
          >
            {isLargeOrganization(draft.size) ? t('wizard.data.expertCall') : t('wizard.data.infoCall')}{' '}
            <Anchor
              href={isLargeOrganization(draft.size) ? EXPERT_CALL_URL : INFO_CALL_URL}
              target="_blank"
              rel="noreferrer"
            >
              {isLargeOrganization(draft.size)
                ? t('wizard.data.expertCallLink')
                : t('wizard.data.infoCallLink')}
            </Anchor>
          </Alert>
        )}
        <Group justify="space-between" mt="md">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={18} />}
            onClick={() => flow.goTo('blueprints')}
          >
            {t('common.back')}
          </Button>
          <Button rightSection={<IconArrowRight size={18} />} onClick={next} data-testid="wizard-next">
            {t('common.next')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
