/**
 * The floating element toolbar above the selection (SPEC §2): fill, stroke and stroke width, opacity, border
 * radius, image filters / grayscale / blend mode, flip, lock, bring to front / send to back, duplicate, delete,
 * group / ungroup, and the text controls for texts. Every control is one model operation through
 * `editor.change` (one history entry); sliders commit when released.
 */
import { Divider, Group, Paper, Stack } from '@mantine/core';
import {
  IconArrowAutofitDown,
  IconArrowAutofitUp,
  IconBorderRadius,
  IconBorderStyle2,
  IconCopy,
  IconFlipHorizontal,
  IconFlipVertical,
  IconLock,
  IconLockOpen,
  IconPalette,
  IconPhotoCog,
  IconSquareRoundedLetterO,
  IconTrash,
  IconLayersSubtract,
  IconLayersUnion,
} from '@tabler/icons-react';
import {
  bringToFront,
  getNode,
  sendToBack,
  updateElement,
  type AlbumDocument,
  type ElementProps,
  type Fill,
} from '@stickerbook/model';
import { memo, useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { runAction } from '../../actions.ts';
import { useAtomValue } from '../../react.ts';
import { useAtomValueAfterPaint } from '../useEditorValue.ts';
import { selectionFrame } from '../../transform/frame.ts';
import { useEditor } from '../EditorContext.tsx';
import { boxCornersOnScreen } from '../geometry.ts';
import { ELEMENT_TOOLBAR_ATTRIBUTE } from '../edit/TextEditOverlay.tsx';
import { CANVAS_UI_ATTRIBUTE } from '../useCanvasInput.ts';
import { FillControl } from './FillControl.tsx';
import { ImageControls } from './ImageControls.tsx';
import { TextControls } from './TextControls.tsx';
import { Button, LabelledSlider, ToolPopover } from './ToolbarControls.tsx';

const TOOLBAR_GAP_PX = 40;

/**
 * Extra tools for one selected image, from the host (the AI edit button): the image id and `replace`, which swaps
 * the element's image for another record as one history entry.
 */
export type ImageTools = (imageId: string, replace: (imageId: string) => void) => ReactNode;

export function ElementToolbar({ mobile, imageTools }: { mobile: boolean; imageTools?: ImageTools }) {
  const editor = useEditor();
  // The toolbar may follow a change one frame after the canvas: the selection with the document, so the two agree.
  const selection = useAtomValueAfterPaint(editor.selection);
  const doc = useAtomValueAfterPaint(editor.displayDoc);
  const camera = useAtomValue(editor.camera);
  const viewport = useAtomValue(editor.cameraController.viewport);
  const drag = useAtomValue(editor.dragDelta);
  const access = useAtomValue(editor.access);
  const mode = useAtomValue(editor.editMode);
  const [width, setWidth] = useState(400);
  const [height, setHeight] = useState(48);
  const measure = useCallback((element: HTMLDivElement | null) => {
    if (!element) return;
    const observer = new ResizeObserver(() => {
      setWidth(element.offsetWidth);
      setHeight(element.offsetHeight);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  if (selection.length === 0 || drag || (access.locked && !access.isAdmin) || mode.kind === 'image')
    return null;
  const frame = selectionFrame(doc, selection);
  if (!frame) return null;
  const corners = boxCornersOnScreen(camera, frame);
  const top = Math.min(...corners.map((c) => c.y));
  const bottom = Math.max(...corners.map((c) => c.y));
  const centre = (Math.min(...corners.map((c) => c.x)) + Math.max(...corners.map((c) => c.x))) / 2;
  const y =
    top - TOOLBAR_GAP_PX - height >= 8
      ? top - TOOLBAR_GAP_PX - height
      : Math.min(bottom + 12, viewport.height - height - 8);
  return (
    <div
      ref={measure}
      {...{ [CANVAS_UI_ATTRIBUTE]: '', [ELEMENT_TOOLBAR_ATTRIBUTE]: '' }}
      style={{
        position: 'absolute',
        left: Math.min(
          Math.max(centre, width / 2 + 8),
          Math.max(width / 2 + 8, viewport.width - width / 2 - 8),
        ),
        top: Math.max(8, y),
        transform: 'translateX(-50%)',
        zIndex: 6,
      }}
      onMouseDown={(event) => {
        // Keep the text editor's selection when clicking buttons (not inputs, which need the focus).
        const target = event.target as HTMLElement;
        if (mode.kind === 'text' && !target.closest('input,textarea,[role="slider"]')) event.preventDefault();
      }}
    >
      <Paper shadow="md" radius="md" p={4} withBorder data-testid="element-toolbar">
        <ToolbarButtons ids={selection} doc={doc} mobile={mobile} imageTools={imageTools} />
      </Paper>
    </div>
  );
}

interface ToolbarButtonsProps {
  ids: readonly string[];
  doc: AlbumDocument;
  mobile: boolean;
  imageTools?: ImageTools;
}

/** Where an element is: the buttons never read these, so a move, resize or its undo re-renders no button. */
const PLACEMENT_PROPS = new Set(['x', 'y', 'width', 'height', 'rotation', 'scale']);

function sameButtonsInput(previous: ToolbarButtonsProps, next: ToolbarButtonsProps): boolean {
  if (previous.mobile !== next.mobile || previous.imageTools !== next.imageTools) return false;
  if (previous.doc.settings.colors !== next.doc.settings.colors) return false;
  if (previous.ids.length !== next.ids.length) return false;
  return previous.ids.every((id, i) => {
    if (next.ids[i] !== id) return false;
    const a = previous.doc.nodes[id];
    const b = next.doc.nodes[id];
    if (a === b) return true;
    if (!a || !b || a.type !== b.type) return false;
    const keys = new Set([...Object.keys(a.props), ...Object.keys(b.props)]);
    for (const key of keys) {
      if (!PLACEMENT_PROPS.has(key) && a.props[key] !== b.props[key]) return false;
    }
    return true;
  });
}

/**
 * The buttons, memoised on what they show (the selected nodes without their placement, the palette): the
 * toolbar follows every camera move and drop, and re-rendering its ~20 tooltips each time cost an undo of a
 * 50-element move most of its frame.
 */
const ToolbarButtons = memo(function ToolbarButtons({ ids, doc, mobile, imageTools }: ToolbarButtonsProps) {
  const { t } = useTranslation();
  const editor = useEditor();
  const nodes = ids.map((id) => getNode(doc, id)).filter((n) => n !== undefined);
  const first = nodes[0];
  if (!first) return null;
  const props = first.props as ElementProps;
  const types = new Set(nodes.map((n) => n.type));
  const only = (type: string) => types.size === 1 && types.has(type as never);
  const shapeLike = [...types].every((type) => type === 'Rectangle' || type === 'Circle' || type === 'Line');
  const locked = nodes.every((n) => n.props.locked === true);
  const isGroup = nodes.some((n) => n.type === 'Group');
  const colors = doc.settings.colors;
  const updateAll = (label: string, changes: (node: (typeof nodes)[number]) => Record<string, unknown>) =>
    editor.change(label, (current) =>
      nodes.flatMap((node) => updateElement(current, node.id, changes(node)).patches),
    );

  return (
    <Stack gap={4} align="center">
      {only('Text') && <TextControls id={first.id} props={props} colors={colors} />}
      <Group gap={2} wrap="nowrap">
        {(shapeLike || only('StickerCell')) && (
          <ToolPopover
            label={t('editorUi.toolbar.fill')}
            icon={<IconPalette size={18} />}
            testId="toolbar-fill"
          >
            <FillControl
              value={props.fill as Fill | undefined}
              colors={colors}
              onChange={(fill) => updateAll('fill', () => ({ fill }))}
              testId="fill-control"
            />
          </ToolPopover>
        )}
        {(shapeLike || only('Image')) && (
          <ToolPopover
            label={t('editorUi.toolbar.stroke')}
            icon={<IconBorderStyle2 size={18} />}
            testId="toolbar-stroke"
          >
            <Stack gap="xs">
              <FillControl
                value={props.stroke as Fill | undefined}
                colors={colors}
                allowGradient={false}
                onChange={(stroke) =>
                  updateAll('stroke', (n) => ({ stroke, strokeWidth: (n.props.strokeWidth as number) || 1 }))
                }
                testId="stroke-control"
              />
              <LabelledSlider
                label={t('editorUi.toolbar.strokeWidth')}
                min={0}
                max={100}
                step={0.5}
                value={(props.strokeWidth as number) ?? 0}
                onCommit={(strokeWidth) => updateAll('stroke width', () => ({ strokeWidth }))}
                testId="stroke-width"
              />
            </Stack>
          </ToolPopover>
        )}
        <ToolPopover
          label={t('editorUi.toolbar.opacity')}
          icon={<IconSquareRoundedLetterO size={18} />}
          testId="toolbar-opacity"
        >
          <LabelledSlider
            label={t('editorUi.toolbar.opacity')}
            min={0}
            max={100}
            unit=" %"
            value={(props.opacity as number) ?? 100}
            onCommit={(opacity) => updateAll('opacity', () => ({ opacity }))}
            testId="opacity"
          />
        </ToolPopover>
        {[...types].every((type) => type === 'Rectangle' || type === 'Image') && (
          <ToolPopover
            label={t('editorUi.toolbar.radius')}
            icon={<IconBorderRadius size={18} />}
            testId="toolbar-radius"
          >
            <LabelledSlider
              label={t('editorUi.toolbar.radius')}
              min={0}
              max={50}
              value={(props.borderRadius as number) ?? 0}
              onCommit={(borderRadius) => updateAll('border radius', () => ({ borderRadius }))}
              testId="border-radius"
            />
          </ToolPopover>
        )}
        {only('Image') && (
          <ToolPopover
            label={t('editorUi.toolbar.imageFilters')}
            icon={<IconPhotoCog size={18} />}
            testId="toolbar-filters"
          >
            <ImageControls props={props} onChange={(changes) => updateAll('image', () => changes)} />
          </ToolPopover>
        )}
        {only('Image') &&
          nodes.length === 1 &&
          typeof props.image === 'string' &&
          imageTools?.(props.image, (image) => updateAll('replace image', () => ({ image })))}
        <Divider orientation="vertical" />
        <Button
          label={t('editorUi.toolbar.flipHorizontal')}
          onClick={() =>
            updateAll('flip', (n) => {
              const flip = (n.props.flip as { x?: boolean; y?: boolean }) ?? {};
              return { flip: { ...flip, x: !flip.x } };
            })
          }
          testId="toolbar-flip-x"
        >
          <IconFlipVertical size={18} />
        </Button>
        <Button
          label={t('editorUi.toolbar.flipVertical')}
          onClick={() =>
            updateAll('flip', (n) => {
              const flip = (n.props.flip as { x?: boolean; y?: boolean }) ?? {};
              return { flip: { ...flip, y: !flip.y } };
            })
          }
          testId="toolbar-flip-y"
        >
          <IconFlipHorizontal size={18} />
        </Button>
        <Button
          label={locked ? t('editorUi.toolbar.unlock') : t('editorUi.toolbar.lock')}
          active={locked}
          onClick={() => updateAll(locked ? 'unlock' : 'lock', () => ({ locked: !locked }))}
          testId="toolbar-lock"
        >
          {locked ? <IconLock size={18} /> : <IconLockOpen size={18} />}
        </Button>
        <Button
          label={t('editorUi.toolbar.toFront')}
          onClick={() =>
            editor.change('bring to front', (d) => bringToFront(d, editor.transformableSelection()))
          }
          testId="toolbar-front"
        >
          <IconArrowAutofitUp size={18} />
        </Button>
        <Button
          label={t('editorUi.toolbar.toBack')}
          onClick={() => editor.change('send to back', (d) => sendToBack(d, editor.transformableSelection()))}
          testId="toolbar-back"
        >
          <IconArrowAutofitDown size={18} />
        </Button>
        {!mobile && ids.length > 1 && (
          <Button
            label={t('editorUi.toolbar.group')}
            onClick={() => void runAction(editor, { type: 'group' })}
            testId="toolbar-group"
          >
            <IconLayersUnion size={18} />
          </Button>
        )}
        {!mobile && isGroup && (
          <Button
            label={t('editorUi.toolbar.ungroup')}
            onClick={() => void runAction(editor, { type: 'ungroup' })}
            testId="toolbar-ungroup"
          >
            <IconLayersSubtract size={18} />
          </Button>
        )}
        <Button
          label={t('editorUi.toolbar.duplicate')}
          onClick={() => void runAction(editor, { type: 'duplicate' })}
          testId="toolbar-duplicate"
        >
          <IconCopy size={18} />
        </Button>
        <Button
          label={t('editorUi.toolbar.delete')}
          color="red"
          onClick={() => void runAction(editor, { type: 'delete' })}
          testId="toolbar-delete"
        >
          <IconTrash size={18} />
        </Button>
      </Group>
    </Stack>
  );
}, sameButtonsInput);
