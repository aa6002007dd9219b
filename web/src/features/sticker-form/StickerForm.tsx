import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Slider.css';
import { Button, Group, Select, Slider, Stack, Switch, Text, TextInput } from '@mantine/core';
import { IconLinkOff, IconTrash } from '@tabler/icons-react';
import {
  applyPatches,
  cellsOfSticker,
  createSticker,
  deleteSticker,
  isStaticSection,
  placeSticker,
  sectionOf,
  sectionsInOrder,
  stickerErrors,
  unlinkSticker,
  updateSticker,
  type Change,
  type Sticker,
} from '@stickerbook/model';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { confirm } from '../../ui/confirm.tsx';
import { useStickerTemplates } from '../editor-tabs/api.ts';
import { modelErrorText, runChange, useCanEdit, useEditorDoc } from '../editor-tabs/editorHooks.ts';
import { track, trackStickerSaved } from '../../analytics/index.ts';
import { StickerImageField } from './StickerImageField.tsx';
import { stickerLayoutChoices } from './stickerLayouts.ts';
import type { StickerFormTarget } from './stickerFormRoute.ts';

interface Values {
  name: string;
  position: string;
  sectionId: string;
  doubleSticker: boolean;
  stickerLayout: string;
  cscale: number;
  crotation: number;
  cx?: number;
  cy?: number;
  image: string | null;
}

/**
 * SPEC §2 sticker form: name and position (max 30 each), section, double-sticker switch, layout, photo scale and
 * rotation, photo. Rule errors come from the model (`stickerErrors`), so 'Name muss ausgefüllt werden' is the
 * translated STICKER_NAME_REQUIRED. Save is one history entry (a new sticker for a cell is created and placed).
 */
export function StickerForm({
  albumId,
  target,
  onClose,
}: {
  albumId: string;
  target: StickerFormTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const editor = useEditor();
  const doc = useEditorDoc();
  const editable = useCanEdit();
  const existing: Sticker | undefined =
    target.stickerId === 'new' ? undefined : doc.stickers[target.stickerId];
  const editableSections = sectionsInOrder(doc).filter((section) => !isStaticSection(section));
  const cellSection = target.cellId ? sectionOf(doc, target.cellId)?.id : undefined;
  const [values, setValues] = useState<Values>(() => ({
    name: existing?.name ?? '',
    position: existing?.position ?? '',
    sectionId: existing?.sectionId ?? target.sectionId ?? cellSection ?? editableSections[0]?.id ?? '',
    doubleSticker: existing?.doubleSticker ?? false,
    stickerLayout: existing?.stickerLayout ?? 'default',
    cscale: existing?.cscale ?? 1,
    crotation: existing?.crotation ?? 0,
    cx: existing?.cx,
    cy: existing?.cy,
    image: existing?.image ?? null,
  }));
  const [submitted, setSubmitted] = useState(false);
  const errors = stickerErrors(values);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const placed = existing ? cellsOfSticker(doc, existing.id).length > 0 : false;
  const templates = useStickerTemplates().data;
  const layoutChoices = stickerLayoutChoices(
    templates,
    doc.settings.stickerTemplateId,
    values.doubleSticker,
    values.stickerLayout,
  );

  const sectionOptions = sectionsInOrder(doc)
    .filter((section) => !isStaticSection(section) || section.id === values.sectionId)
    .map((section) => ({ value: section.id, label: String(section.props.name) }));

  if (editableSections.length === 0 && !existing) {
    return <Text data-testid="sticker-form-no-section">{t('errors.codes.NO_EDITABLE_SECTION')}</Text>;
  }

  const save = () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    const fields = {
      name: values.name.trim(),
      position: values.position.trim(),
      doubleSticker: values.doubleSticker,
      sectionId: values.sectionId,
      stickerLayout: values.stickerLayout,
      cscale: values.cscale,
      crotation: values.crotation,
      ...(values.cx !== undefined ? { cx: values.cx } : {}),
      ...(values.cy !== undefined ? { cy: values.cy } : {}),
      ...(values.image ? { image: values.image } : {}),
    };
    const ok = existing
      ? runChange(editor, 'edit sticker', (d) => updateSticker(d, existing.id, fields))
      : runChange(editor, 'create sticker', (d): Change => {
          const created = createSticker(d, fields);
          if (!target.cellId) return created;
          const placedChange = placeSticker(
            applyPatches(d, created.patches),
            created.selection[0],
            target.cellId,
          );
          return { patches: [...created.patches, ...placedChange.patches], selection: created.selection };
        });
    if (!ok) return;
    trackStickerSaved(existing, fields, target.cellId);
    onClose();
  };

  const remove = async () => {
    if (!existing) return;
    const yes = await confirm({
      title: t('structure.form.deleteTitle'),
      message: t('structure.form.deleteMessage', { name: existing.name || t('structure.stickers.unnamed') }),
      confirmLabel: t('structure.form.delete'),
      danger: true,
    });
    if (yes && runChange(editor, 'delete sticker', (d) => deleteSticker(d, existing.id))) onClose();
  };

  // The AI edit's 'Replace original' is a change of its own (one undo step) that Cancel does not take back: the
  // user asked for it in the edit modal. The form shows the new photo, so Save keeps it. A sticker not created
  // yet only gets it in the form.
  const replaceWithEdit = (image: string) => {
    if (existing) {
      if (!runChange(editor, 'replace sticker photo', (d) => updateSticker(d, existing.id, { image })))
        return;
      track('Image Replaced', { via: 'ai_edit_sticker' });
    }
    set('image', image);
  };

  const unlink = () => {
    if (!existing) return;
    const [cell] = cellsOfSticker(doc, existing.id);
    if (cell) runChange(editor, 'unlink sticker', (d) => unlinkSticker(d, cell.id));
  };

  const fieldError = (field: 'name' | 'position') =>
    (submitted || values[field].length > 30) && errors[field] ? modelErrorText(errors[field]) : undefined;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('structure.form.name')}
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={fieldError('name')}
          disabled={!editable}
          autoFocus
          data-testid="sticker-form-name"
        />
        <TextInput
          label={t('structure.form.position')}
          value={values.position}
          onChange={(event) => set('position', event.currentTarget.value)}
          error={fieldError('position')}
          disabled={!editable}
          data-testid="sticker-form-position"
        />
        <Select
          label={t('structure.form.section')}
          data={sectionOptions}
          value={values.sectionId}
          onChange={(value) => value && set('sectionId', value)}
          allowDeselect={false}
          disabled={!editable}
          comboboxProps={{ withinPortal: true }}
          data-testid="sticker-form-section"
        />
        <Switch
          label={t('structure.form.double')}
          description={t('structure.form.doubleHint')}
          checked={values.doubleSticker}
          onChange={(event) => set('doubleSticker', event.currentTarget.checked)}
          disabled={!editable}
          data-testid="sticker-form-double"
        />
        <Select
          label={t('structure.form.layout')}
          data={layoutChoices.map((layout) => ({
            value: layout,
            label: t(`structure.form.layouts.${layout}`),
          }))}
          value={values.stickerLayout}
          onChange={(value) => value && set('stickerLayout', value)}
          allowDeselect={false}
          disabled={!editable}
          comboboxProps={{ withinPortal: true }}
          data-testid="sticker-form-layout"
        />
        <StickerImageField
          albumId={albumId}
          image={values.image}
          doubleSticker={values.doubleSticker}
          // A new photo starts uncropped: centred, covering the frame.
          onImage={(image) => setValues((v) => ({ ...v, image, cx: 0.5, cy: 0.5, cscale: 1 }))}
          onFitFace={(crop) => setValues((v) => ({ ...v, ...crop }))}
          onReplaceWithEdit={replaceWithEdit}
          disabled={!editable}
        />
        <div>
          <Text size="sm" fw={500}>
            {t('structure.form.scale')}
          </Text>
          <Slider
            min={0.5}
            max={3}
            step={0.05}
            value={values.cscale}
            onChange={(value) => set('cscale', value)}
            label={(value) => `${Math.round(value * 100)} %`}
            disabled={!editable}
            thumbLabel={t('structure.form.scale')}
          />
        </div>
        <div>
          <Text size="sm" fw={500}>
            {t('structure.form.rotation')}
          </Text>
          <Slider
            min={-180}
            max={180}
            step={1}
            value={values.crotation}
            onChange={(value) => set('crotation', value)}
            label={(value) => `${value}°`}
            disabled={!editable}
            thumbLabel={t('structure.form.rotation')}
          />
        </div>
        <Group justify="space-between" mt="xs">
          <Group gap="xs">
            {existing && placed && (
              <Button
                variant="default"
                leftSection={<IconLinkOff size={16} />}
                onClick={unlink}
                disabled={!editable}
                data-testid="sticker-form-unlink"
              >
                {t('structure.form.unlink')}
              </Button>
            )}
            {existing && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => void remove()}
                disabled={!editable}
                data-testid="sticker-form-delete"
              >
                {t('structure.form.delete')}
              </Button>
            )}
          </Group>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" disabled={!editable} data-testid="sticker-form-save">
              {t('common.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
