import '@mantine/core/styles/SegmentedControl.css';
import { SegmentedControl, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TabPanelProps } from '../types.ts';
import { ColorsSection } from './ColorsSection.tsx';
import { FontsSection } from './FontsSection.tsx';
import { TemplatesSection } from './TemplatesSection.tsx';

type StyleView = 'colors' | 'fonts' | 'template';

/**
 * SPEC §4 style panel: a selector to colours, fonts or the sticker frame template. Every change is a settings
 * patch of the document, so the whole album restyles at once (palette indices, font roles, one frame template).
 */
export function StylesPanel(_props: TabPanelProps) {
  const { t } = useTranslation();
  const [view, setView] = useState<StyleView>('colors');
  return (
    <Stack gap="sm" data-testid="styles-panel">
      <Title order={4}>{t('structure.styles.title')}</Title>
      <SegmentedControl
        fullWidth
        size="xs"
        value={view}
        onChange={(value) => setView(value as StyleView)}
        data={[
          { value: 'colors', label: t('structure.styles.colors') },
          { value: 'fonts', label: t('structure.styles.fonts') },
          { value: 'template', label: t('structure.styles.template') },
        ]}
        data-testid="styles-selector"
      />
      {view === 'colors' && <ColorsSection />}
      {view === 'fonts' && <FontsSection />}
      {view === 'template' && <TemplatesSection />}
    </Stack>
  );
}
