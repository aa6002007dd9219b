import '@mantine/core/styles/NavLink.css';
import { ActionIcon, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Editor } from '../../editor/Editor.ts';
import { useAtomValue } from '../../editor/react.ts';
import { readViewPreferences, writeViewPreferences } from '../../editor/state/viewSettings.ts';
import { editorPath, type EditorTab } from './editorKeys.ts';
import { TAB_ICONS } from './tabs.tsx';

/** The desktop tab rail's width: icons only (narrow screens, or minimized), and with the tab names. */
export const SIDEBAR_WIDTH_PX = { icons: 68, labelled: 220 } as const;

/**
 * SPEC §4 "sidebar not minimized" by default: whether the desktop sidebar (tab rail and tab panel) is minimized,
 * from the editor's view settings. The choice is kept in this browser, so it is restored when the editor opens.
 * Opening another panel (`panelKey`: the tab and its query, e.g. the sticker form a double-click on a sticker
 * cell asks for) expands the sidebar again, so what was asked for is seen.
 */
export function useSidebarMinimized(editor: Editor, panelKey: string): boolean {
  useLayoutEffect(() => {
    const stored = readViewPreferences(localStorage);
    if (stored.sidebarMinimized !== undefined)
      editor.setViewSetting('sidebarMinimized', stored.sidebarMinimized);
    return editor.viewSettings.subscribe(() => writeViewPreferences(localStorage, editor.viewSettings.get()));
  }, [editor]);
  const shownPanel = useRef(panelKey);
  useEffect(() => {
    if (shownPanel.current === panelKey) return;
    shownPanel.current = panelKey;
    editor.setViewSetting('sidebarMinimized', false);
  }, [editor, panelKey]);
  return useAtomValue(editor.viewSettings).sidebarMinimized;
}

interface Props {
  albumId: string;
  tabs: EditorTab[];
  active: EditorTab;
  /** The rail shows icons only and the tab panel is hidden, so the canvas gets the width. */
  minimized: boolean;
  onMinimizedChange: (minimized: boolean) => void;
}

export function EditorSidebar({ albumId, tabs, active, minimized, onMinimizedChange }: Props) {
  const { t } = useTranslation();
  const toggleLabel = minimized ? t('editorSidebar.expand') : t('editorSidebar.minimize');
  return (
    <Stack
      gap={4}
      p="sm"
      h="100%"
      component="nav"
      aria-label={t('editor.tabsLabel')}
      data-testid="editor-tabs"
    >
      {tabs.map((tab) => {
        const Icon = TAB_ICONS[tab];
        return (
          <NavLink
            key={tab}
            component={Link}
            to={editorPath(albumId, tab)}
            active={tab === active}
            // Choosing a tab while minimized means wanting to see its panel.
            onClick={() => minimized && onMinimizedChange(false)}
            label={
              minimized ? undefined : (
                <Text size="sm" fw={600} visibleFrom="md">
                  {t(`editor.tabs.${tab}`)}
                </Text>
              )
            }
            aria-label={t(`editor.tabs.${tab}`)}
            leftSection={<Icon size={20} />}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            data-testid={`editor-tab-${tab}`}
          />
        );
      })}
      <Tooltip label={toggleLabel} position="right">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          mt="auto"
          ml={6}
          onClick={() => onMinimizedChange(!minimized)}
          aria-label={toggleLabel}
          aria-expanded={!minimized}
          data-testid="sidebar-minimize"
        >
          {minimized ? (
            <IconLayoutSidebarLeftExpand size={20} />
          ) : (
            <IconLayoutSidebarLeftCollapse size={20} />
          )}
        </ActionIcon>
      </Tooltip>
    </Stack>
  );
}
