import { Badge, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PrintQualityIssue } from '@stickerbook/model';
import { useTranslation } from 'react-i18next';
import { qualityText } from './preflight.ts';

/**
 * The low-resolution mark of a placed image (SPEC §8 tooltip 'Niedrige Auflösung'): yellow for a warning
 * (under 150 dpi), red for an error (under 75 dpi, or a side over 6000 px). Positioned by its parent
 * (the canvas overlay puts it in the element's top-right corner).
 */
export function LowResolutionBadge({
  issue,
}: {
  issue: Pick<PrintQualityIssue, 'code' | 'severity' | 'dpi'>;
}) {
  const { t } = useTranslation();
  const error = issue.severity === 'error';
  return (
    <Tooltip label={qualityText(t, issue)} withinPortal>
      <Badge
        color={error ? 'red' : 'yellow'}
        variant="filled"
        size="sm"
        leftSection={<IconAlertTriangle size={12} />}
        data-testid="low-resolution-badge"
        data-severity={issue.severity}
        aria-label={qualityText(t, issue)}
      >
        {t('images.quality.lowResolution')}
      </Badge>
    </Tooltip>
  );
}
