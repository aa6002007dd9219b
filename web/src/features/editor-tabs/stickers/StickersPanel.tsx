import { Alert, Collapse, Divider, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { isStaticSection, numberStickers, sectionsInOrder, type Sticker } from '@stickerbook/model';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { stickerFormPath, stickerFormTarget } from '../../sticker-form/stickerFormRoute.ts';
import { StickerFormHost } from '../../sticker-form/StickerFormHost.tsx';
import { useCanEdit, useEditorDoc } from '../editorHooks.ts';
import { useMobileTabPanel } from '../useMobileTabPanel.ts';
import type { TabPanelProps } from '../types.ts';
import { NewSectionForm } from './NewSectionForm.tsx';
import { SectionHeader } from './SectionHeader.tsx';
import { NewStickerTile, StickerTile } from './StickerTile.tsx';
import { useEditorImages } from '../../editor-shell/editorImages.ts';

/**
 * SPEC §2 sidebar stickers tab: the sections (collapsible, renamed in place, reordered, deleted), each with its
 * unplaced and placed stickers and a new-sticker placeholder; the sticker form opens over it.
 */
export function StickersPanel({ album }: TabPanelProps) {
  const { t } = useTranslation();
  const doc = useEditorDoc();
  const editable = useCanEdit();
  const navigate = useNavigate();
  const mobile = useMobileTabPanel();
  const [params] = useSearchParams();
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const numbering = numberStickers(doc);
  const images = useEditorImages(album.id);
  const photoUrl = (sticker: Sticker) =>
    sticker.image ? images.imageUrlFor(sticker.image, 'small') : undefined;

  const bySection = useMemo(() => {
    const map = new Map<string, Sticker[]>();
    for (const sticker of Object.values(doc.stickers)) {
      const list = map.get(sticker.sectionId) ?? [];
      list.push(sticker);
      map.set(sticker.sectionId, list);
    }
    return map;
  }, [doc.stickers]);

  // Static sections (covers) only show up when they hold stickers.
  const sections = sectionsInOrder(doc).filter(
    (section) => !isStaticSection(section) || (bySection.get(section.id)?.length ?? 0) > 0,
  );
  const hasEditableSection = sections.some((section) => !isStaticSection(section));
  const open = (stickerId: string, sectionId?: string) =>
    navigate(stickerFormPath(album.id, { stickerId, sectionId }));

  // On a phone the form takes the sheet's place (SPEC §2: inline on mobile): a list under it would be out of reach.
  const form = stickerFormTarget(params);
  const formOpen = form !== null && (form.stickerId === 'new' || Object.hasOwn(doc.stickers, form.stickerId));
  if (mobile && formOpen) {
    return (
      <Stack gap="sm" data-testid="stickers-panel">
        <StickerFormHost album={album} />
      </Stack>
    );
  }

  return (
    <Stack gap="sm" data-testid="stickers-panel">
      <Title order={4}>{t('structure.stickers.title')}</Title>
      {editable && <NewSectionForm />}
      {!hasEditableSection && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="no-section-message">
          {t('errors.codes.NO_EDITABLE_SECTION')}
        </Alert>
      )}
      <Stack gap="md">
        {sections.map((section) => {
          const stickers = bySection.get(section.id) ?? [];
          const placed = stickers
            .filter((s) => numbering.numbersBySticker.has(s.id))
            .sort(
              (a, b) => numbering.numbersBySticker.get(a.id)![0] - numbering.numbersBySticker.get(b.id)![0],
            );
          const unplaced = stickers.filter((s) => !numbering.numbersBySticker.has(s.id));
          const isOpen = !collapsed.has(section.id);
          const label = (s: Sticker) => numbering.numbersBySticker.get(s.id)?.join('-') ?? '';
          return (
            <Stack
              key={section.id}
              gap={6}
              data-testid="sticker-section"
              data-section-name={String(section.props.name)}
            >
              <SectionHeader
                doc={doc}
                section={section}
                stickerCount={stickers.length}
                open={isOpen}
                editable={editable}
                onToggle={() =>
                  setCollapsed((current) => {
                    const next = new Set(current);
                    if (next.has(section.id)) next.delete(section.id);
                    else next.add(section.id);
                    return next;
                  })
                }
              />
              <Collapse expanded={isOpen}>
                <Stack gap={6} pl={30}>
                  {!isStaticSection(section) && (
                    <NewStickerTile disabled={!editable} onClick={() => open('new', section.id)} />
                  )}
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                    {t('structure.stickers.unplaced', { count: unplaced.length })}
                  </Text>
                  {unplaced.length === 0 && (
                    <Text size="xs" c="dimmed">
                      {stickers.length === 0
                        ? t('structure.stickers.noneYet')
                        : t('structure.stickers.noneUnplaced')}
                    </Text>
                  )}
                  {unplaced.map((sticker) => (
                    <StickerTile
                      key={sticker.id}
                      sticker={sticker}
                      numberLabel=""
                      photoUrl={photoUrl(sticker)}
                      draggable={editable}
                      onOpen={() => open(sticker.id)}
                    />
                  ))}
                  {placed.length > 0 && (
                    <>
                      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt={4}>
                        {t('structure.stickers.placed', { count: placed.length })}
                      </Text>
                      {placed.map((sticker) => (
                        <StickerTile
                          key={sticker.id}
                          sticker={sticker}
                          numberLabel={label(sticker)}
                          photoUrl={photoUrl(sticker)}
                          draggable={editable}
                          onOpen={() => open(sticker.id)}
                        />
                      ))}
                    </>
                  )}
                </Stack>
              </Collapse>
              <Divider />
            </Stack>
          );
        })}
      </Stack>
      <Text size="xs" c="dimmed">
        {t('structure.stickers.dragHint')}
      </Text>
      <StickerFormHost album={album} />
    </Stack>
  );
}
