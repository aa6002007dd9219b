/**
 * The tool menu (SPEC §2): select, Text, Circle, Rectangle, Line, StickerCell, and Comment for admins. A tool
 * creates one element with a click on a spread, then the select tool comes back (engine CreateTool).
 */
import { ActionIcon, Paper, Stack, Tooltip } from '@mantine/core';
import {
  IconCircle,
  IconLine,
  IconMessage,
  IconPointer,
  IconSquare,
  IconTypography,
  IconUserSquare,
  type Icon,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ToolId } from '../tools/Tool.ts';
import { useAtomValue } from '../react.ts';
import { useEditor } from './EditorContext.tsx';

const TOOLS: Array<{ id: ToolId; icon: Icon; adminOnly?: boolean }> = [
  { id: 'select', icon: IconPointer },
  { id: 'Text', icon: IconTypography },
  { id: 'Circle', icon: IconCircle },
  { id: 'Rectangle', icon: IconSquare },
  { id: 'Line', icon: IconLine },
  { id: 'StickerCell', icon: IconUserSquare },
  { id: 'Comment', icon: IconMessage, adminOnly: true },
];

export function ToolMenu({ mobile }: { mobile: boolean }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const active = useAtomValue(editor.toolId);
  const access = useAtomValue(editor.access);
  if (access.locked && !access.isAdmin) return null;
  const tools = TOOLS.filter(
    (tool) => (!tool.adminOnly || access.isAdmin) && !(mobile && tool.id === 'Comment'),
  );
  return (
    <Paper
      shadow="sm"
      radius="md"
      p={4}
      withBorder
      // On phones the canvas is short (the tab sheet takes the lower part): the tools are a row at the top, clear
      // of the history and page bars at the bottom.
      style={
        mobile
          ? { position: 'absolute', left: 12, top: 12, zIndex: 5 }
          : { position: 'absolute', left: 12, top: '50%', transform: 'translateY(-50%)', zIndex: 5 }
      }
      data-testid="tool-menu"
    >
      <Stack gap={4} style={mobile ? { flexDirection: 'row' } : undefined}>
        {tools.map(({ id, icon: ToolIcon }) => (
          <Tooltip key={id} label={t(`editorUi.tools.${id}`)} position="right">
            <ActionIcon
              size="lg"
              variant={active === id ? 'filled' : 'subtle'}
              color={active === id ? 'blue' : 'gray'}
              aria-label={t(`editorUi.tools.${id}`)}
              aria-pressed={active === id}
              onClick={() => editor.setTool(id)}
              data-testid={`tool-${id}`}
            >
              <ToolIcon size={20} />
            </ActionIcon>
          </Tooltip>
        ))}
      </Stack>
    </Paper>
  );
}
