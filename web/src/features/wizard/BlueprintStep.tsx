import '@mantine/core/styles/Chip.css';
import { Alert, Button, Chip, Group, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlueprints } from '../../api/queries.ts';
import { ALBUM_CATEGORIES, type Blueprint } from '../../api/types.ts';
import { confirm } from '../../ui/confirm.tsx';
import { BlueprintCard } from './BlueprintCard.tsx';
import { emptyOrganization, hasUnsavedChanges } from './wizardRules.ts';
import { wizardStore } from './wizardStore.ts';
import type { useWizardFlow } from './useWizardFlow.ts';

type Flow = ReturnType<typeof useWizardFlow>;
const ALL = 'all';

export function BlueprintStep({ flow }: { flow: Flow }) {
  const { t } = useTranslation();
  const blueprints = useBlueprints();
  const [category, setCategory] = useState<string>(ALL);
  const { state } = flow;

  const select = async (blueprint: Blueprint) => {
    if (blueprint.id === state.blueprintId) return;
    if (hasUnsavedChanges(state)) {
      const confirmed = await confirm({
        title: t('wizard.changeTemplate.title'),
        message: t('wizard.changeTemplate.body'),
      });
      if (!confirmed) return;
    }
    wizardStore.update({
      blueprintId: blueprint.id,
      blueprintCategory: blueprint.blueprint_category,
      blueprintTitle: blueprint.title,
      organization: emptyOrganization,
      title: '',
      releaseDate: '',
    });
  };

  const categories = ALBUM_CATEGORIES.filter((name) =>
    blueprints.data?.some((blueprint) => blueprint.blueprint_category === name),
  );
  const shown = category === ALL ? categories : categories.filter((name) => name === category);

  return (
    <Stack gap="lg">
      <Chip.Group value={category} onChange={(value) => setCategory(value as string)}>
        <Group gap="xs" data-testid="blueprint-filter">
          <Chip value={ALL}>{t('wizard.allCategories')}</Chip>
          {categories.map((name) => (
            <Chip key={name} value={name}>
              {t(`categories.${name}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {blueprints.isPending && <Skeleton h={240} />}
      {blueprints.isError && <Alert color="red">{t('errors.generic')}</Alert>}
      {shown.map((name) => (
        <section key={name}>
          <Title order={3} mb="sm">
            {t(`categories.${name}`)}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
            {blueprints.data
              ?.filter((blueprint) => blueprint.blueprint_category === name)
              .map((blueprint) => (
                <BlueprintCard
                  key={blueprint.id}
                  blueprint={blueprint}
                  selected={blueprint.id === state.blueprintId}
                  onSelect={select}
                />
              ))}
          </SimpleGrid>
        </section>
      ))}
      <Group justify="flex-end" pos="sticky" bottom={0} py="md" style={{ background: 'var(--sb-page-bg)' }}>
        <Button
          size="md"
          rightSection={<IconArrowRight size={18} />}
          disabled={!state.blueprintId || flow.checkingOrganizations}
          onClick={() => flow.goTo(flow.dataStep ? 'data' : 'confirm')}
          data-testid="wizard-next"
        >
          {t('common.next')}
        </Button>
      </Group>
    </Stack>
  );
}
