import { EditorTabContent } from './EditorTabContent.tsx';
import { EDITOR_TAB_PANELS } from './panels.ts';
import type { TabPanelProps } from './types.ts';

/** SPEC §2 sidebar: the active tab's panel as a column beside the canvas (desktop); nothing for tabs without one. */
export function EditorTabPanel(props: TabPanelProps) {
  if (!EDITOR_TAB_PANELS[props.view.tab]) return null;
  return (
    <aside
      style={{
        width: 320,
        flex: '0 0 320px',
        height: '100%',
        background: 'var(--mantine-color-body)',
        borderRight: '1px solid var(--mantine-color-gray-3)',
      }}
      data-testid="editor-tab-panel"
    >
      <EditorTabContent {...props} />
    </aside>
  );
}
