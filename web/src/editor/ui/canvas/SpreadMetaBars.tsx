/**
 * Above each spread in view: its meta bar (the page-box label, SPEC §5, and the actions slot); below each
 * editable spread on desktop: the add-spread button to the layouts page (SPEC §2). HTML positioned in screen
 * space, so it stays readable at any zoom; labels hide below zoom 1 (0.75 on mobile, SPEC §9).
 */
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import {
  getNode,
  isStaticSection,
  LABEL_MIN_ZOOM,
  LABEL_MIN_ZOOM_MOBILE,
  pageBoxLabel,
  SPREAD_GAP_MM,
  SPREAD_HEIGHT_MM,
  SPREAD_WIDTH_MM,
  spreadsInOrder,
  type AlbumDocument,
} from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { spreadLayout } from '../../camera/layout.ts';
import { useAtomValue, useVisibleSpreadIds } from '../../react.ts';
import { useEditor } from '../EditorContext.tsx';
import { useDerived } from '../useEditorValue.ts';
import { toScreen } from '../geometry.ts';
import { SpreadMetaBarActions } from '../SpreadMetaBarActions.tsx';
import { CANVAS_UI_ATTRIBUTE } from '../useCanvasInput.ts';
import { addSpreadPath } from '../../../features/spread-creation/route.ts';

const META_BAR_MIN_GAP_PX = 64;
const ADD_BUTTON_PX = 34;

/** The spreads of static sections (cover, back cover), as one string so a subscriber compares it by value. */
function staticSpreadKey(doc: AlbumDocument): string {
  return spreadsInOrder(doc)
    .filter((spread) => isStaticSection(getNode(doc, spread.parentId ?? '')))
    .map((spread) => spread.id)
    .join(',');
}

export function SpreadMetaBars({ albumId, mobile }: { albumId: string; mobile: boolean }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const ids = useVisibleSpreadIds(editor);
  const camera = useAtomValue(editor.camera);
  // What the bars show of the document: the spread list, and which spreads sit in a static section. Both are
  // derived so that an element change (a move, its undo) re-renders no bar; the layout is one object per spread
  // list (editor/camera/layout.ts).
  const layout = useDerived([editor.displayDoc], () => spreadLayout(editor.displayDoc.get()));
  const staticSpreads = useDerived([editor.displayDoc], () => staticSpreadKey(editor.displayDoc.get()));
  const settings = useAtomValue(editor.viewSettings);
  const access = useAtomValue(editor.access);
  if (settings.printPreview) return null;
  const showLabels = camera.zoom >= (mobile ? LABEL_MIN_ZOOM_MOBILE : LABEL_MIN_ZOOM);
  const editable = !access.locked || access.isAdmin;
  const width = SPREAD_WIDTH_MM * camera.zoom;
  // The bar and the add button live in the 60 mm gap between spreads; when it is too small on screen they
  // would cover the neighbouring spreads, so they step aside.
  const gapPx = SPREAD_GAP_MM * camera.zoom;
  if (gapPx < META_BAR_MIN_GAP_PX) return null;
  return (
    <>
      {ids.map((id) => {
        const rect = layout.rects.get(id);
        if (!rect) return null;
        const topLeft = toScreen(camera, rect);
        const ordinal = layout.order.indexOf(id);
        const label = pageBoxLabel(ordinal, layout.order.length);
        const canAddAfter = editable && !mobile && !staticSpreads.split(',').includes(id);
        return (
          <div key={id}>
            <Group
              {...{ [CANVAS_UI_ATTRIBUTE]: '' }}
              justify="space-between"
              wrap="nowrap"
              gap={4}
              style={{
                position: 'absolute',
                left: topLeft.x,
                top: topLeft.y - Math.min(30, gapPx / 2),
                width,
                height: 26,
                pointerEvents: 'none',
              }}
              data-testid="spread-meta-bar"
              data-spread-id={id}
            >
              {showLabels ? (
                <Text
                  size="xs"
                  fw={600}
                  c="dimmed"
                  data-testid="spread-label"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {ordinal === 0
                    ? t('editorUi.spread.cover')
                    : ordinal === layout.order.length - 1
                      ? t('editorUi.spread.backCover', { pages: label })
                      : t('editorUi.spread.pages', { pages: label })}
                </Text>
              ) : (
                <span />
              )}
              <div style={{ pointerEvents: 'auto' }}>
                <SpreadMetaBarActions spreadId={id} />
              </div>
            </Group>
            {canAddAfter && (
              <div
                {...{ [CANVAS_UI_ATTRIBUTE]: '' }}
                style={{
                  position: 'absolute',
                  left: topLeft.x + width / 2 - 16,
                  top: topLeft.y + SPREAD_HEIGHT_MM * camera.zoom + (gapPx - ADD_BUTTON_PX) / 2,
                }}
              >
                <Tooltip label={t('editorUi.spread.add')}>
                  <ActionIcon
                    component={Link}
                    to={addSpreadPath(albumId, id)}
                    radius="xl"
                    size="lg"
                    variant="default"
                    aria-label={t('editorUi.spread.add')}
                    data-testid="add-spread"
                  >
                    <IconPlus size={18} />
                  </ActionIcon>
                </Tooltip>
              </div>
            )}
          </div>
        );
      })}
    </>
  );
}
