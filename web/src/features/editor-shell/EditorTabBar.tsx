import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { tabBarTarget, type EditorTab } from './editorKeys.ts';
import { TAB_ICONS } from './tabs.tsx';

/** The bar's own height; the app shell's footer adds the home indicator's safe-area inset below it. */
export const TAB_BAR_HEIGHT = 60;

interface Props {
  albumId: string;
  tabs: EditorTab[];
  /** The open tab, or null for the canvas alone. */
  active: EditorTab | null;
}

/**
 * SPEC §2 "Mobile: tab bar": the phone editor's tabs along the bottom edge, icon over a short label. A tab opens
 * its panel as the sheet over the canvas; tapping the open tab again closes it (/album/{albumId}).
 */
export function EditorTabBar({ albumId, tabs, active }: Props) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('editor.tabsLabel')}
      data-testid="editor-tab-bar"
      style={{ display: 'flex', height: TAB_BAR_HEIGHT, overflowX: 'auto', overscrollBehaviorX: 'contain' }}
    >
      {tabs.map((tab) => {
        const Icon = TAB_ICONS[tab];
        const isActive = tab === active;
        const name = t(`editor.tabs.${tab}`);
        return (
          <UnstyledButton
            key={tab}
            component={Link}
            to={tabBarTarget(albumId, tab, active)}
            aria-label={isActive ? t('editorTabBar.close', { tab: name }) : name}
            aria-current={isActive ? 'page' : undefined}
            data-testid={`editor-tab-${tab}`}
            data-active={isActive || undefined}
            style={{
              flex: '1 0 52px',
              minWidth: 52,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 2,
              padding: '0 2px',
              color: isActive ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-dimmed)',
            }}
          >
            <span
              style={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                width: 44,
                height: 28,
                borderRadius: 14,
                background: isActive ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              <Icon size={22} />
            </span>
            <Text span fz={10} fw={600} lh={1.2} truncate="end" maw="100%" c="inherit">
              {t(`editorTabBar.short.${tab}`)}
            </Text>
          </UnstyledButton>
        );
      })}
    </nav>
  );
}
