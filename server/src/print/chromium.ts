import type { Browser } from 'playwright-core';

/** The preamble's flags for Debian's Chromium in a container: no sandbox, no GPU, nothing phoning home. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * One headless Chromium per worker process, launched on first use and again after a crash; each export gets
 * its own browser context (no shared cookies or cache between jobs).
 */
export class BrowserPool {
  #browser: Promise<Browser> | undefined;

  constructor(readonly executablePath = DEFAULT_CHROMIUM_PATH) {}

  async browser(): Promise<Browser> {
    if (this.#browser) {
      const browser = await this.#browser.catch(() => undefined);
      if (browser?.isConnected()) return browser;
    }
    // Loaded on the first export, not with the server: most instances and test apps never launch a browser.
    this.#browser = import('playwright-core').then(({ chromium }) =>
      chromium.launch({
        executablePath: this.executablePath,
        args: CHROMIUM_ARGS,
        // Playwright closes the browser on the process's SIGTERM by itself, which would fail the exports the
        // shutdown lets finish (main.ts); the queue closes it when the jobs are done. On exit it dies anyway.
        handleSIGTERM: false,
        handleSIGINT: false,
        handleSIGHUP: false,
      }),
    );
    return this.#browser;
  }

  async close(): Promise<void> {
    const pending = this.#browser;
    this.#browser = undefined;
    const browser = await pending?.catch(() => undefined);
    await browser?.close().catch(() => undefined);
  }
}
