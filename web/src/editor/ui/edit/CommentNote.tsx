/**
 * A Comment's note (SPEC §2 Comment tool, §6 "edits any comment … text read-only for others"): the selected
 * comment's text in a card beside its marker. Its author and admins edit it in place (double-click, Enter or the
 * Edit button start the engine's text edit mode, as for a text element); everyone else reads it, with no way in.
 *
 * Editing goes through the same machinery as text elements (EditModes): the typed text is the mode's draft, and
 * leaving the mode by any way (Escape, a click outside, the focus leaving) saves it as one history entry that
 * syncs like any change. A comment is a plain note, so the card edits plain text (one paragraph per line) in a
 * textarea rather than the styled rich-text editor laid over text elements.
 */
import { Button, Paper, Text, Textarea } from '@mantine/core';
import { IconMessage, IconPencil } from '@tabler/icons-react';
import { applyToPoint, getNode, type RichText } from '@stickerbook/model';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { canvasMatrix } from '../../document/canvasGeometry.ts';
import { useAtomValue } from '../../react.ts';
import { newParagraph } from '../../tools/elementDefaults.ts';
import { useEditor } from '../EditorContext.tsx';
import { toScreen } from '../geometry.ts';
import { CANVAS_UI_ATTRIBUTE } from '../useCanvasInput.ts';

const NOTE_WIDTH_PX = 260;
const NOTE_GAP_PX = 8;

/** A comment's rich text as the lines of its note. */
function commentPlainText(text: RichText | undefined): string {
  return (text?.blocks ?? []).map((block) => block.spans.map((span) => span.text).join('')).join('\n');
}

/** The note's lines as rich text: one paragraph each, in the new-text style. */
export function commentRichText(plain: string): RichText {
  return { blocks: plain.split('\n').flatMap((line) => newParagraph(line).blocks) };
}

export function CommentNote() {
  const editor = useEditor();
  const selection = useAtomValue(editor.selection);
  const doc = useAtomValue(editor.displayDoc);
  const camera = useAtomValue(editor.camera);
  const mode = useAtomValue(editor.editMode);
  useAtomValue(editor.access);
  const id = selection.length === 1 ? selection[0] : undefined;
  const node = id ? getNode(doc, id) : undefined;
  if (!id || node?.type !== 'Comment') return null;
  const corner = toScreen(
    camera,
    applyToPoint(canvasMatrix(doc, id), { x: Number(node.props.width) || 0, y: 0 }),
  );
  const editing = mode.kind === 'text' && mode.id === id;
  return (
    <Paper
      {...{ [CANVAS_UI_ATTRIBUTE]: '' }}
      shadow="md"
      radius="md"
      p="xs"
      withBorder
      data-testid="comment-note"
      data-comment-id={id}
      style={{
        position: 'absolute',
        left: corner.x + NOTE_GAP_PX,
        top: corner.y,
        width: NOTE_WIDTH_PX,
        zIndex: 5,
        userSelect: 'text',
        cursor: 'auto',
      }}
    >
      {editing ? (
        <CommentEditor key={id} initial={commentPlainText(node.props.text as RichText | undefined)} />
      ) : (
        <CommentReader id={id} text={commentPlainText(node.props.text as RichText | undefined)} />
      )}
    </Paper>
  );
}

function CommentReader({ id, text }: { id: string; text: string }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const editable = editor.canEditComment(id);
  return (
    <>
      <Text size="xs" c="dimmed" fw={600} mb={4}>
        <IconMessage size={12} style={{ verticalAlign: -2, marginRight: 4 }} />
        {t('albumFields.comment.label')}
      </Text>
      <Text
        size="sm"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'break-word' }}
        c={text ? undefined : 'dimmed'}
        data-testid="comment-note-text"
      >
        {text || t('albumFields.comment.empty')}
      </Text>
      {editable ? (
        <Button
          size="compact-xs"
          variant="light"
          mt="xs"
          leftSection={<IconPencil size={12} />}
          onClick={() => editor.startTextEdit(id)}
          data-testid="comment-edit"
        >
          {t('albumFields.comment.edit')}
        </Button>
      ) : (
        <Text size="xs" c="dimmed" mt="xs" data-testid="comment-read-only">
          {t('albumFields.comment.readOnly')}
        </Text>
      )}
    </>
  );
}

function CommentEditor({ initial }: { initial: string }) {
  const { t } = useTranslation();
  const editor = useEditor();
  const ref = useRef<HTMLTextAreaElement>(null);

  useLayoutEffect(() => {
    const area = ref.current;
    if (!area) return;
    area.focus();
    area.setSelectionRange(area.value.length, area.value.length);
    // Every way out of text edit mode saves what is typed (EditModes.stop reads the draft).
    return editor.modes.attachTextDraft(() => commentRichText(area.value));
  }, [editor]);

  return (
    <Textarea
      ref={ref}
      defaultValue={initial}
      autosize
      minRows={3}
      maxRows={10}
      size="sm"
      label={t('albumFields.comment.label')}
      placeholder={t('albumFields.comment.placeholder')}
      data-testid="comment-editor"
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Escape') {
          event.preventDefault();
          editor.stopEditing();
        }
      }}
      onBlur={() => editor.stopEditing()}
    />
  );
}
