import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Album } from '../../api/types.ts';
import { renderDom, stubMatchMedia } from '../../render/test-support.tsx';
import { AlbumTitleInput } from './AlbumTitleInput.tsx';

const LONG_TITLE = 'Sommerfest der Freiwilligen Feuerwehr 2027';

describe('the album title in the top bar (SPEC §5)', () => {
  beforeEach(() => {
    stubMatchMedia();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows a long title cut at 20 characters with the whole title as tooltip, and all of it while editing', () => {
    const album = { id: 'a1', title: LONG_TITLE, language: 'de' } as Album;
    const view = renderDom(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <AlbumTitleInput album={album} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const input = view.container.querySelector<HTMLInputElement>('[data-testid="editor-album-title"]')!;
    expect(input.value).toBe('Sommerfest der Freiw…');
    expect(input.title).toBe(LONG_TITLE);
    act(() => input.focus());
    expect(input.value).toBe(LONG_TITLE);
    act(() => input.blur());
    expect(input.value).toBe('Sommerfest der Freiw…');
    view.unmount();
  });
});
