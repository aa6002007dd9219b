import '@mantine/core/styles/NavLink.css';
import { NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { editorPath, type EditorTab } from './editorKeys.ts';
import { TAB_ICONS } from './tabs.tsx';

interface Props {
  albumId: string;
  tabs: EditorTab[];
  active: EditorTab;
}

export function EditorSidebar({ albumId, tabs, active }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} p="sm" component="nav" aria-label={t('editor.tabsLabel')} data-testid="editor-tabs">
      {tabs.map((tab) => {
        const Icon = TAB_ICONS[tab];
        return (
          <NavLink
            key={tab}
            component={Link}
            to={editorPath(albumId, tab)}
            active={tab === active}
            label={
              <Text size="sm" fw={600} visibleFrom="md">
                {t(`editor.tabs.${tab}`)}
              </Text>
            }
            aria-label={t(`editor.tabs.${tab}`)}
            leftSection={<Icon size={20} />}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            data-testid={`editor-tab-${tab}`}
          />
        );
      })}
    </Stack>
  );
}
