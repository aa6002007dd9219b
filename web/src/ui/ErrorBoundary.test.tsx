import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderDom, stubMatchMedia } from '../render/test-support.tsx';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { CLIENT_ERRORS_URL } from './reportClientError.ts';

function Broken(): never {
  throw new TypeError('sticker tile lost its sticker');
}

describe('the crash screen informs the team', () => {
  let fetchCalls: Array<[string, RequestInit]>;

  beforeEach(() => {
    fetchCalls = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      fetchCalls.push([url, init]);
      return Promise.reject(new TypeError('offline'));
    });
    stubMatchMedia();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('posts one report with the error, the page and the browser, and still shows the crash screen when it fails', async () => {
    const view = renderDom(
      <MantineProvider>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(view.container.querySelector('[data-testid="crash-screen"]')).not.toBeNull();
    expect(view.container.textContent).toContain('sticker tile lost its sticker');
    expect(fetchCalls).toHaveLength(1);
    const [url, init] = fetchCalls[0];
    expect(url).toBe(CLIENT_ERRORS_URL);
    expect(init).toMatchObject({ method: 'POST', keepalive: true });
    const body = JSON.parse(init.body as string) as Record<string, unknown>;
    expect(body).toMatchObject({
      message: 'sticker tile lost its sticker',
      url: window.location.href,
      user_agent: navigator.userAgent,
    });
    expect(body.stack).toContain('Broken');
    // No session: the report goes without a token.
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    // The rejected request is swallowed: nothing else happens, the screen stays.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchCalls).toHaveLength(1);
    expect(view.container.querySelector('[data-testid="crash-screen"]')).not.toBeNull();
    view.unmount();
  });

  it('sends nothing while nothing breaks', () => {
    const view = renderDom(
      <MantineProvider>
        <ErrorBoundary>
          <p>fine</p>
        </ErrorBoundary>
      </MantineProvider>,
    );
    expect(view.container.querySelector('p')?.textContent).toBe('fine');
    expect(fetchCalls).toEqual([]);
    view.unmount();
  });
});
