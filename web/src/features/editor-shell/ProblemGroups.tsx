/**
 * The album's problems as groups (problemGroups.ts): per kind a title with its count, plain advice on how to fix
 * it, and the pages it occurs on, each a way into the editor there. The top bar's popover passes `onPlace` (jump
 * inside the open editor), the checkout `placeLink` (the editor's `?spread=` URL); `action` adds a group's
 * one-step fix (the editor's "remove empty sticker cells").
 */
import { Anchor, Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconInfoTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProblemGroup, ProblemPlace } from './problemGroups.ts';

interface Props {
  groups: readonly ProblemGroup[];
  onPlace?: (place: ProblemPlace) => void;
  placeLink?: (place: ProblemPlace) => string;
  action?: (group: ProblemGroup) => ReactNode;
}

/**
 * A kind's title. A kind found once shows its entry's own line, which is the more precise one (an image's dpi);
 * a kind this UI has no text for (a newer server code) shows the entry's message too.
 */
function problemTitle(t: TFunction, group: ProblemGroup): string {
  if (group.count === 1 && group.message) return group.message;
  const key = `albumProblems.kinds.${group.code}.title`;
  return t(key, { defaultValue: group.message ?? group.code });
}

function placeLabel(t: TFunction, place: ProblemPlace): string {
  const where = place.pages
    ? t(place.pages.includes('-') ? 'checkout.preflight.pages' : 'checkout.preflight.page', {
        label: place.pages,
      })
    : place.name || t('albumProblems.noPage');
  return place.count > 1 ? t('albumProblems.placeCount', { place: where, count: place.count }) : where;
}

export function ProblemGroups({ groups, onPlace, placeLink, action }: Props) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="sm" data-testid="problem-groups">
      {groups.map((group) => {
        const adviceKey = `albumProblems.kinds.${group.code}.advice`;
        const color = group.severity === 'error' ? 'red' : 'orange';
        return (
          <Stack key={group.code} gap={4} data-testid="problem-group" data-code={group.code}>
            <Group gap={6} wrap="nowrap" align="flex-start">
              {group.severity === 'error' ? (
                <IconAlertTriangle
                  size={16}
                  color="var(--mantine-color-red-7)"
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
              ) : (
                <IconInfoTriangle
                  size={16}
                  color="var(--mantine-color-orange-7)"
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
              )}
              <Text size="sm" fw={600} style={{ flex: 1 }} data-testid="problem-group-title">
                {problemTitle(t, group)}
              </Text>
              <Badge color={color} variant="light" size="sm" data-testid="problem-group-count">
                {group.count}
              </Badge>
            </Group>
            {i18n.exists(adviceKey) && (
              <Text size="xs" c="dimmed" data-testid="problem-group-advice">
                {t(adviceKey)}
              </Text>
            )}
            <Group gap={placeLink ? 10 : 4} wrap="wrap" role="list" aria-label={problemTitle(t, group)}>
              {group.places.map((place) => (
                <span role="listitem" key={place.key}>
                  {placeLink ? (
                    <Anchor component={Link} to={placeLink(place)} size="xs" data-testid="problem-place">
                      {placeLabel(t, place)}
                    </Anchor>
                  ) : (
                    <UnstyledButton
                      onClick={() => onPlace?.(place)}
                      fz="xs"
                      px={6}
                      py={2}
                      style={{
                        borderRadius: 'var(--mantine-radius-sm)',
                        border: '1px solid var(--mantine-color-gray-4)',
                      }}
                      data-testid="problem-place"
                    >
                      {placeLabel(t, place)}
                    </UnstyledButton>
                  )}
                </span>
              ))}
            </Group>
            {action?.(group)}
          </Stack>
        );
      })}
    </Stack>
  );
}
