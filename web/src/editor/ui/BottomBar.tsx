/**
 * Bottom-right bar (SPEC §2): page box (previous, next, number entry), zoom menu (50/100/200/300 %, fit current
 * spread, fit all spreads, help link), print-preview toggle and the view-settings menu. Mobile shows only the
 * page box (SPEC §2 reduced UI: no view controls).
 */
import { ActionIcon, Button, Group, Menu, Paper, TextInput, Tooltip } from '@mantine/core';
import {
  IconAdjustments,
  IconChevronLeft,
  IconChevronRight,
  IconEye,
  IconHelpCircle,
  IconPrinter,
} from '@tabler/icons-react';
import { ZOOM_PRESETS } from '@stickerbook/model';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/languages.ts';
import { helpCentreUrl } from '../../ui/layout/helpLinks.ts';
import { useAtomValue } from '../react.ts';
import type { ViewSettings } from '../state/viewSettings.ts';
import { useEditor } from './EditorContext.tsx';
import { useDerived } from './useEditorValue.ts';

export function BottomBar({ mobile }: { mobile: boolean }) {
  return (
    <Paper
      shadow="sm"
      radius="md"
      p={4}
      withBorder
      style={{ position: 'absolute', right: 16, bottom: 16, zIndex: 5 }}
      data-testid="bottom-bar"
    >
      <Group gap={4} wrap="nowrap">
        <PageBox />
        {!mobile && (
          <>
            <ZoomMenu />
            <PrintPreviewToggle />
            <ViewSettingsMenu />
          </>
        )}
      </Group>
    </Paper>
  );
}

function PageBox() {
  const { t } = useTranslation();
  const editor = useEditor();
  const label = useDerived(
    [editor.camera, editor.selection, editor.version, editor.cameraController.viewport],
    () => editor.pageBoxLabel(),
  );
  const [value, setValue] = useState(label);
  useEffect(() => setValue(label), [label]);
  const submit = () => {
    // SPEC §5: an invalid number resets the box to the current label.
    if (!editor.goToPage(value.trim())) setValue(label);
  };
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('editorUi.page.previous')}
        onClick={() => editor.goToAdjacentSpread(-1)}
        data-testid="page-previous"
      >
        <IconChevronLeft size={18} />
      </ActionIcon>
      <TextInput
        size="xs"
        w={64}
        value={value}
        aria-label={t('editorUi.page.number')}
        onChange={(event) => setValue(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit();
          if (event.key === 'Escape') setValue(label);
        }}
        // Leaving the box goes to a page typed but not submitted; otherwise it would refit the current spread
        // (e.g. undo a zoom) on the first click into the canvas.
        onBlur={() => {
          if (value !== label) submit();
        }}
        styles={{ input: { textAlign: 'center' } }}
        data-testid="page-box"
      />
      <ActionIcon
        variant="subtle"
        color="gray"
        aria-label={t('editorUi.page.next')}
        onClick={() => editor.goToAdjacentSpread(1)}
        data-testid="page-next"
      >
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}

function ZoomMenu() {
  const { t, i18n } = useTranslation();
  const editor = useEditor();
  const zoom = useDerived([editor.camera], () => Math.round(editor.camera.get().zoom * 100));
  return (
    <Menu position="top-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="xs"
          // At least 64 px so the bar does not jump at every zoom step; wider for 4-5 digits (zoom goes to 10000 %),
          // never cutting the '%' off.
          miw={64}
          px={8}
          data-testid="zoom-menu"
          aria-label={t('editorUi.zoom.menu')}
        >
          {`${zoom}\u00a0%`}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {ZOOM_PRESETS.map((preset) => (
          <Menu.Item
            key={preset}
            onClick={() => editor.cameraController.zoomTo(preset)}
            data-testid={`zoom-${preset * 100}`}
          >
            {preset * 100} %
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          onClick={() => {
            const spread = editor.selectionController.currentSpreadId();
            if (spread) editor.zoomToFitSpread(spread);
          }}
          data-testid="zoom-fit-spread"
        >
          {t('editorUi.zoom.fitSpread')}
        </Menu.Item>
        <Menu.Item onClick={() => editor.zoomToFitAll()} data-testid="zoom-fit-all">
          {t('editorUi.zoom.fitAll')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          component="a"
          href={helpCentreUrl(currentLanguage(i18n.resolvedLanguage))}
          target="_blank"
          rel="noreferrer"
          leftSection={<IconHelpCircle size={16} />}
        >
          {t('editorUi.zoom.help')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

function PrintPreviewToggle() {
  const { t } = useTranslation();
  const editor = useEditor();
  const { printPreview } = useAtomValue(editor.viewSettings);
  return (
    <Tooltip label={t('editorUi.view.printPreview')}>
      <ActionIcon
        variant={printPreview ? 'filled' : 'subtle'}
        color={printPreview ? 'blue' : 'gray'}
        aria-label={t('editorUi.view.printPreview')}
        aria-pressed={printPreview}
        onClick={() => editor.setViewSetting('printPreview', !printPreview)}
        data-testid="print-preview-toggle"
      >
        {printPreview ? <IconEye size={18} /> : <IconPrinter size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}

function ViewSettingsMenu() {
  const { t } = useTranslation();
  const editor = useEditor();
  const settings = useAtomValue(editor.viewSettings);
  const { isAdmin } = useAtomValue(editor.access);
  const item = (key: keyof ViewSettings, label: string) => (
    <Menu.Item
      key={key}
      closeMenuOnClick={false}
      onClick={() => editor.setViewSetting(key, !settings[key])}
      rightSection={settings[key] ? '✓' : undefined}
      data-testid={`view-${key}`}
      aria-checked={Boolean(settings[key])}
      role="menuitemcheckbox"
    >
      {label}
    </Menu.Item>
  );
  return (
    <Menu position="top-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('editorUi.view.menu')}
          data-testid="view-settings"
        >
          <IconAdjustments size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {item('grid', t('editorUi.view.grid'))}
        {isAdmin && item('elementsTree', t('editorUi.view.elementsTree'))}
        {item('showBleed', t('editorUi.view.showBleed'))}
        {item('printPreview', t('editorUi.view.printPreview'))}
      </Menu.Dropdown>
    </Menu>
  );
}
