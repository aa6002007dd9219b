/**
 * Preflight-error icon of the top bar (SPEC §2, desktop): the album's print problems in a tooltip with a
 * warning icon (SPEC §8). `AlbumPreflightIcon` fills it from the order preflight (packages/model albumPreflight)
 * and the images' print-quality check; each entry is a button that shows its spread. With no problems the
 * popover says so.
 */
import '@mantine/core/styles/Indicator.css';
import { ActionIcon, Indicator, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconInfoTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { albumImageRegistry } from '../images/index.ts';
import { useJumpToSpread, useTopBarPreflight, type TopBarPreflightEntry } from './albumPreflight.ts';
import { editorPath } from './editorKeys.ts';

/** The top bar's icon with the open album's preflight entries. */
export function AlbumPreflightIcon({ albumId }: { albumId: string }) {
  const entries = useTopBarPreflight(albumImageRegistry(albumId));
  const jump = useJumpToSpread();
  const navigate = useNavigate();
  return (
    <PreflightIcon
      entries={entries}
      onSelect={(entry) =>
        // An empty section has no spread to show: its stickers tab is where it gets one.
        entry.spreadId ? jump(entry.spreadId, entry.elementId) : navigate(editorPath(albumId, 'stickers'))
      }
    />
  );
}

interface Props {
  entries?: readonly TopBarPreflightEntry[];
  onSelect?: (entry: TopBarPreflightEntry) => void;
}

export function PreflightIcon({ entries = [], onSelect }: Props) {
  const { t } = useTranslation();
  const [opened, { close, open }] = useDisclosure(false);
  const errors = entries.filter((entry) => entry.severity === 'error').length;
  const count = entries.length;
  return (
    // Opens on hover like a tooltip, and stays open while the pointer is on the list so its entries can be clicked.
    // The count badge wraps the whole popover, so the popover's target (which gets aria-expanded) is the button.
    <Indicator
      disabled={count === 0}
      label={count}
      size={16}
      color={errors > 0 ? 'red' : 'orange'}
      visibleFrom="md"
    >
      <Popover
        opened={opened}
        onChange={(next) => (next ? open() : close())}
        width={300}
        position="bottom-end"
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color={count === 0 ? 'gray' : 'orange'}
            size="lg"
            aria-label={t('editorUi.preflight.label')}
            onMouseEnter={open}
            onFocus={open}
            onClick={() => (opened ? close() : open())}
            data-testid="preflight-icon"
          >
            {count === 0 ? <IconCircleCheck size={20} /> : <IconAlertTriangle size={20} />}
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs" onMouseLeave={close} data-testid="preflight-list">
          {count === 0 ? (
            <Text size="sm">{t('editorUi.preflight.none')}</Text>
          ) : (
            <Stack gap={2} mah={320} style={{ overflowY: 'auto' }}>
              {entries.map((entry) => (
                <UnstyledButton
                  key={entry.key}
                  onClick={() => {
                    onSelect?.(entry);
                    close();
                  }}
                  px="xs"
                  py={6}
                  style={{
                    borderRadius: 'var(--mantine-radius-sm)',
                    display: 'flex',
                    gap: 8,
                    alignItems: 'flex-start',
                  }}
                  data-testid="preflight-jump"
                >
                  {entry.severity === 'error' ? (
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
                  <Text size="sm" style={{ flex: 1 }} data-testid="preflight-entry">
                    {entry.message}
                  </Text>
                  {entry.pages && (
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap', marginTop: 2 }}>
                      {t(entry.pages.includes('-') ? 'checkout.preflight.pages' : 'checkout.preflight.page', {
                        label: entry.pages,
                      })}
                    </Text>
                  )}
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
