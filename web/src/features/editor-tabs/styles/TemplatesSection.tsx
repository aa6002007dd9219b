import { Loader, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { setStickerTemplate } from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { useEditor } from '../../../editor/ui/EditorContext.tsx';
import { useEnvironmentTexts } from '../../site-environment/index.ts';
import { useStickerTemplates } from '../api.ts';
import { runChange, useCanEdit, useEditorDoc } from '../editorHooks.ts';
import { TemplatePreview } from './TemplatePreview.tsx';

/** The sticker frame every sticker is drawn with; single-cell designs (doubles follow their theme). */
export function TemplatesSection() {
  const { t } = useTranslation();
  const sample = useEnvironmentTexts();
  const editor = useEditor();
  const doc = useEditorDoc();
  const editable = useCanEdit();
  const templates = useStickerTemplates();
  if (templates.isPending) return <Loader size="sm" />;
  if (!templates.data) return <Text c="red">{t('errors.generic')}</Text>;
  const all = templates.data;
  const choices = Object.values(all).filter(
    (template) => !template.double && template.theme !== 'empty' && template.theme !== 'spread',
  );
  const current = doc.settings.stickerTemplateId;
  return (
    <Stack gap="xs">
      <SimpleGrid cols={3} spacing="xs">
        {choices.map((template) => {
          // The seeds name the designs in English; the tile speaks the UI language (issue 22 item 11).
          const name = t(`stickerTemplates.names.${template.id}`, { defaultValue: template.name });
          return (
            <UnstyledButton
              key={template.id}
              disabled={!editable}
              onClick={() => runChange(editor, 'sticker template', (d) => setStickerTemplate(d, template.id))}
              aria-pressed={template.id === current}
              aria-label={name}
              title={name}
              data-testid="sticker-template"
              data-template-id={template.id}
              style={{
                display: 'flex',
                justifyContent: 'center',
                padding: 6,
                borderRadius: 8,
                outline:
                  template.id === current
                    ? '2px solid var(--mantine-primary-color-filled)'
                    : '1px solid var(--mantine-color-gray-3)',
              }}
            >
              <TemplatePreview
                template={template}
                templates={all}
                settings={doc.settings}
                sampleName={sample.sampleName}
                samplePosition={sample.samplePosition}
                heightPx={84}
              />
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
