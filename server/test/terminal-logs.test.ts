import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { terminalLogStream } from '../src/http/terminal-logs.ts';
import { startTestApp, type TestApp } from './helpers/test-app.ts';

/** A terminal as far as the server can tell: a stream that says it is a TTY, whose text the test reads. */
function fakeTerminal(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY });
  let text = '';
  stream.on('data', (chunk) => (text += String(chunk)));
  return { stream, text: () => text };
}

describe('server logs', () => {
  let t: TestApp;
  const terminal = fakeTerminal(true);
  beforeAll(async () => {
    t = await startTestApp('pglite', { logLevel: 'info' }, { logStream: terminalLogStream(terminal.stream) });
  });
  afterAll(() => t.close());

  it('prints readable lines, not JSON, when the output is a terminal', async () => {
    await t.app.inject({ url: '/api/v1/health' });
    const output = terminal.text();
    expect(output).toContain('incoming request');
    expect(output).toContain('/api/v1/health');
    expect(output).toMatch(/\d\d:\d\d:\d\d/);
    expect(output).not.toContain('{"level"');
  });

  it('leaves the JSON lines alone when the output is a file or a pipe', () => {
    expect(terminalLogStream(fakeTerminal(false).stream)).toBeUndefined();
  });
});
