import { MantineProvider } from '@mantine/core';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDom, stubMatchMedia } from '../render/test-support.tsx';
import { PageLoader } from './PageLoader.tsx';

describe('the page loader', () => {
  beforeEach(() => {
    stubMatchMedia();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is announced as a loading status and breaks no ARIA rule (axe-core)', async () => {
    const view = renderDom(
      <MantineProvider>
        <PageLoader />
      </MantineProvider>,
    );
    const status = view.container.querySelector('[role="status"]');
    expect(status?.getAttribute('aria-label')).toBeTruthy();
    expect(status?.getAttribute('aria-busy')).toBe('true');
    // The ARIA rules only: jsdom lays nothing out, so contrast and the like cannot be judged here.
    const results = await axe.run(view.container, {
      runOnly: { type: 'tag', values: ['cat.aria'] },
    });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    view.unmount();
  });
});
