import pretty from 'pino-pretty';

interface Output extends NodeJS.WritableStream {
  isTTY?: boolean;
}

/**
 * Log lines for a person at a terminal (`npm start` in a shell): one coloured, readable line per event. When the
 * output is a file, a pipe or a log collector, the answer is undefined and the server logs JSON lines, one
 * object per line, as collectors expect.
 */
export function terminalLogStream(
  output: Output = process.stdout,
): { write(line: string): void } | undefined {
  if (!output.isTTY) return undefined;
  return pretty({
    destination: output,
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname',
    singleLine: true,
    sync: true,
  });
}
