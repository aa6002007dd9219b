import { Tooltip } from '@mantine/core';
import { countryName } from '../orders/format.ts';
import { flagOf } from './dashboardState.ts';

/**
 * A country's flag emoji with its code beside it: systems without a flag font (Windows, minimal Linux) draw the
 * emoji as two letters or boxes, and the code keeps the column readable there.
 */
export function CountryMark({ code }: { code: string | null | undefined }) {
  if (!code) return null;
  return (
    <Tooltip label={countryName(code)}>
      <span style={{ fontSize: 12, fontWeight: 600, color: 'var(--mantine-color-dimmed)', marginRight: 6 }}>
        <span aria-hidden style={{ fontSize: 16 }}>
          {flagOf(code)}
        </span>{' '}
        {code}
      </span>
    </Tooltip>
  );
}
