import type { FastifyError } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Text a client sends must be text (issue 22, security): a NUL byte in an order field made PostgreSQL fail the
 * insert with a 500, and the failed query, with the whole order, went to the error log. Every JSON body is read
 * through `findControlCharacter` before any route sees it: C0 controls except tab, line feed and carriage return,
 * DEL, C1 controls and lone UTF-16 surrogates (which cannot be stored as UTF-8) are refused with 422 naming the
 * field, and nothing is written.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is this expression's purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (value or key) with a forbidden character, e.g. `address.lastName`; else null. */
export function findControlCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return FORBIDDEN.test(value) ? path || '(body)' : null;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const found = findControlCharacter(value[index], path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (FORBIDDEN.test(key)) return path || '(body)';
      const found = findControlCharacter(child, childPath);
      if (found) return found;
    }
  }
  return null;
}

export function controlCharacterError(field: string): AppError {
  return new AppError(
    422,
    'TEXT_CONTROL_CHARACTERS',
    `The field '${field}' contains characters that are not text`,
    {
      location: 'body',
      fields: [{ field, code: 'control_characters', message: 'Contains characters that are not text' }],
    },
  );
}

/**
 * How an error is written to the log: its kind, code and where it was thrown, never the values it carries. A
 * failed query's message ends in `params: …` (the row it tried to write: names, addresses, e-mails) and a
 * database error's `detail` repeats a key's value, so both are dropped; the stack keeps only its frames.
 */
export function loggableError(error: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!(error instanceof Error) || depth > 4) return undefined;
  const withCode = error as FastifyError & { cause?: unknown; severity?: unknown };
  const message = error.message.split(/\n\s*params:/)[0]!.slice(0, 1_000);
  return {
    type: error.name,
    message,
    ...(withCode.code ? { code: withCode.code } : {}),
    stack: (error.stack ?? '')
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
    ...(withCode.cause ? { cause: loggableError(withCode.cause, depth + 1) } : {}),
  };
}
