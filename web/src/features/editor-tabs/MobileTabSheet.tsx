import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorTabContent } from './EditorTabContent.tsx';
import { EDITOR_TAB_PANELS } from './panels.ts';
import type { TabPanelProps } from './types.ts';
import { MobileTabContext } from './useMobileTabPanel.ts';

/**
 * The reduced mobile editor's tab panel (SPEC §2 "Mobile: tab bar"): the active tab's panel as a sheet over the
 * lower part of the screen, below the canvas (whose bars stay visible above it), which folds down to its title
 * bar so the spreads can be seen larger.
 */
export function MobileTabSheet(props: TabPanelProps) {
  const { t } = useTranslation();
  const [folded, setFolded] = useState<{ tab: string; folded: boolean }>({
    tab: props.view.tab,
    folded: false,
  });
  // Choosing another tab opens the sheet again.
  const isFolded = folded.tab === props.view.tab && folded.folded;
  if (!EDITOR_TAB_PANELS[props.view.tab]) return null;
  return (
    <Paper
      shadow="lg"
      radius={0}
      withBorder
      style={{
        position: 'relative',
        flex: 'none',
        height: isFolded ? 'auto' : '62%',
        zIndex: 200,
        display: 'flex',
        flexDirection: 'column',
      }}
      data-testid="mobile-tab-sheet"
      data-folded={isFolded || undefined}
    >
      <Group
        justify="space-between"
        px="sm"
        py={4}
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Text size="sm" fw={600}>
          {t(`editor.tabs.${props.view.tab}`)}
        </Text>
        <ActionIcon
          variant="subtle"
          onClick={() => setFolded({ tab: props.view.tab, folded: !isFolded })}
          aria-label={isFolded ? t('structureMobile.unfold') : t('structureMobile.fold')}
          data-testid="mobile-tab-sheet-toggle"
        >
          {isFolded ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
        </ActionIcon>
      </Group>
      <div style={{ flex: 1, minHeight: 0, display: isFolded ? 'none' : 'block' }}>
        <MobileTabContext.Provider value={true}>
          <EditorTabContent {...props} />
        </MobileTabContext.Provider>
      </div>
    </Paper>
  );
}
