import { lazy, Suspense } from 'react';
import '@mantine/core/styles/ColorSwatch.css';
import { AspectRatio, Badge, Card, ColorSwatch, Group, Image, Text, UnstyledButton } from '@mantine/core';
import { IconCircleCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Blueprint } from '../../api/types.ts';
import { CoverArt } from '../../ui/CoverArt.tsx';

const CoverPreview = lazy(() => import('../../ui/CoverPreview.tsx'));

interface Props {
  blueprint: Blueprint;
  selected: boolean;
  onSelect: (blueprint: Blueprint) => void;
}

export function BlueprintCard({ blueprint, selected, onSelect }: Props) {
  const { t } = useTranslation();
  // The palette's first two entries are black/white basics (SPEC §3); the template's own colours follow.
  const palette = (blueprint.colors ?? []).slice(2, 7);
  return (
    <UnstyledButton
      onClick={() => onSelect(blueprint)}
      aria-pressed={selected}
      data-testid="blueprint-card"
      data-blueprint-id={blueprint.id}
      data-category={blueprint.blueprint_category}
    >
      <Card padding="sm" className={`sb-card-hover${selected ? ' sb-card-selected' : ''}`} h="100%">
        <Card.Section pos="relative">
          <AspectRatio ratio={460 / 297}>
            {blueprint.cover_preview_url ? (
              <Image src={blueprint.cover_preview_url} alt="" fit="cover" />
            ) : (
              <Suspense
                fallback={
                  <CoverArt
                    title={blueprint.title}
                    category={blueprint.blueprint_category}
                    palette={blueprint.colors}
                    titleFont={blueprint.fonts?.title}
                  />
                }
              >
                <CoverPreview
                  path={`/blueprints/${blueprint.id}/cover`}
                  anonymous
                  fallback={
                    <CoverArt
                      title={blueprint.title}
                      category={blueprint.blueprint_category}
                      palette={blueprint.colors}
                      titleFont={blueprint.fonts?.title}
                    />
                  }
                />
              </Suspense>
            )}
          </AspectRatio>
          {selected && (
            <IconCircleCheckFilled
              size={32}
              color="var(--mantine-color-coral-6)"
              style={{ position: 'absolute', top: 8, right: 8, background: 'white', borderRadius: '50%' }}
            />
          )}
        </Card.Section>
        <Text fw={700} mt="sm" lineClamp={1}>
          {blueprint.title}
        </Text>
        <Group justify="space-between" mt={6}>
          <Badge variant="light" color="coral">
            {t(`categories.${blueprint.blueprint_category}`, { defaultValue: blueprint.blueprint_category })}
          </Badge>
          <Group gap={4}>
            {palette.map((color, index) => (
              <ColorSwatch key={`${color}-${index}`} color={color} size={14} withShadow={false} />
            ))}
          </Group>
        </Group>
      </Card>
    </UnstyledButton>
  );
}
