/**
 * The image toolbar's AI edit (SPEC §2): `<AiEditButton>` for an uploaded image (stock photos have no record to
 * edit). The finished edit is a new record of the album; the user chooses to swap it into the selected element
 * ('replace') or to place it as a new element beside the original ('add', offset like a duplicate).
 */
import { insertElement } from '@stickerbook/model';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImageTools } from '../../editor/ui/toolbar/ElementToolbar.tsx';
import { useEditor } from '../../editor/ui/EditorContext.tsx';
import { AiEditButton, type ApplyEdit } from '../ai-edit/index.ts';
import { runChange } from '../editor-tabs/editorHooks.ts';
import { track } from '../../analytics/index.ts';
import { albumImagesQueryKey, type ImageRegistry } from '../images/index.ts';
import { fetchImage } from '../uploads/index.ts';

/** SPEC §4 "Duplicate offsets by 10 in both directions": the added image sits where a duplicate would. */
const ADD_OFFSET_MM = 10;

export function useAiImageTools(albumId: string, registry: ImageRegistry): ImageTools {
  const { t } = useTranslation();
  const editor = useEditor();
  const queryClient = useQueryClient();
  return useCallback<ImageTools>(
    (imageId, replace) => {
      if (imageId.startsWith('pexels:') || imageId.startsWith('local-')) return null;
      // The toolbar shows image tools for exactly one selected Image element: the one the edit is for.
      const elementId = editor.selection.get()[0];
      const apply = (newImageId: string, how: ApplyEdit) => {
        if (how === 'replace') {
          track('Image Replaced', { via: 'ai_edit' });
          return replace(newImageId);
        }
        const element = elementId ? editor.doc.nodes[elementId] : undefined;
        if (!element?.parentId) return;
        const { id: _id, ...props } = element.props as Record<string, unknown>;
        runChange(
          editor,
          'add edited image',
          (doc) =>
            insertElement(doc, {
              parentId: element.parentId!,
              type: 'Image',
              afterId: element.id,
              props: {
                ...props,
                image: newImageId,
                x: Number(props.x ?? 0) + ADD_OFFSET_MM,
                y: Number(props.y ?? 0) + ADD_OFFSET_MM,
              },
            }),
          { select: true },
        );
      };
      return (
        <AiEditButton
          variant="toolbar"
          imageId={imageId}
          originalUrl={registry.imageUrlFor(imageId, 'medium')}
          replaceHint={t('aiEdit.replaceElementHint')}
          onApply={(image, how) => {
            void fetchImage(image.id)
              .then((record) => {
                registry.setRecord(record);
                apply(record.id, how);
              })
              .catch((error: unknown) => console.error('Edited image could not be loaded', error))
              .finally(() => void queryClient.invalidateQueries({ queryKey: albumImagesQueryKey(albumId) }));
          }}
        />
      );
    },
    [albumId, registry, queryClient, editor, t],
  );
}
