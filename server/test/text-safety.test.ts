/**
 * Issue 22, security (high): a NUL byte in an order field made POST /orders answer 500 and wrote the whole order
 * (name, e-mail, phone, address) into the error log. Every text field of every write route now refuses control
 * characters with 422 naming the field, nothing is written, and an error's log line never carries the values of
 * the query that failed.
 */
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema.ts';
import { findControlCharacter, loggableError } from '../src/http/text-safety.ts';
import { signUp, startTestApp, type TestApp } from './helpers/test-app.ts';
import { caller, cleanAlbum, idempotencyKey, orderForm } from './orders/helpers.ts';

const BAD_TEXTS = ['Null\u0000Byte', 'Bell\u0007', 'Esc\u001b[31m', 'Del\u007f', 'C1\u0085', 'Lone\ud800'];

interface OpenApiSchema {
  type?: string | string[];
  properties?: Record<string, OpenApiSchema>;
  items?: OpenApiSchema;
  anyOf?: OpenApiSchema[];
}

/** The JSON paths of the string fields a request body schema names (nested objects and arrays included). */
function stringFields(schema: OpenApiSchema | undefined, path: string[] = [], depth = 0): string[][] {
  if (!schema || depth > 4) return [];
  const types = [schema.type ?? []].flat();
  const fields: string[][] = types.includes('string') ? [path] : [];
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    fields.push(...stringFields(child, [...path, key], depth + 1));
  if (schema.items) fields.push(...stringFields(schema.items, [...path, '0'], depth + 1));
  for (const option of schema.anyOf ?? []) fields.push(...stringFields(option, path, depth + 1));
  return fields.filter((field) => field.length > 0);
}

function bodyWith(field: string[], value: string): unknown {
  return field.reduceRight<unknown>((inner, key) => (/^\d+$/.test(key) ? [inner] : { [key]: inner }), value);
}

function capturingLog() {
  const lines: string[] = [];
  return { stream: { write: (line: string) => void lines.push(line) }, text: () => lines.join('') };
}

describe('control characters in text', () => {
  let t: TestApp;
  const log = capturingLog();

  beforeAll(async () => {
    t = await startTestApp('pglite', { logLevel: 'trace' }, { logStream: log.stream });
  });
  afterAll(async () => t.close());

  it('POST /orders with a NUL byte in the last name answers 422 naming the field, writes nothing and logs no personal data', async () => {
    const customer = await signUp(t.app);
    const album = await cleanAlbum(t.app, customer.access_token);
    const call = caller(t.app);
    const before = (await t.database.db.select({ n: count() }).from(orders))[0]!.n;
    const response = await call('POST', '/orders', {
      token: customer.access_token,
      headers: idempotencyKey(),
      payload: orderForm(album.id, { lastName: 'Null\u0000Byte', email: 'private.person@example.de' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error).toMatchObject({
      code: 'TEXT_CONTROL_CHARACTERS',
      details: { fields: [{ field: 'lastName', code: 'control_characters' }] },
    });
    expect((await t.database.db.select({ n: count() }).from(orders))[0]!.n).toBe(before);
    for (const personal of ['private.person@example.de', 'Hauptstraße', '2345678', 'Mustermann', 'Erika'])
      expect(log.text()).not.toContain(personal);
  });

  it('every text field of every write route refuses each kind of bad byte with 422, whoever calls', async () => {
    const customer = await signUp(t.app);
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content?: Record<string, { schema?: OpenApiSchema }> } }>
      >;
    };
    let checked = 0;
    const routes = new Set<string>();
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        const url = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        for (const field of stringFields(schema)) {
          const bad = BAD_TEXTS[checked % BAD_TEXTS.length]!;
          for (const token of [undefined, customer.access_token]) {
            const response = await t.app.inject({
              method: method.toUpperCase() as 'POST',
              url,
              headers: {
                'content-type': 'application/json',
                ...(token ? { authorization: `Bearer ${token}` } : {}),
              },
              payload: JSON.stringify(bodyWith(field, bad)),
            });
            expect(response.statusCode, `${method} ${path} ${field.join('.')}`).toBe(422);
            expect(response.json().error.details.fields[0].field).toBe(field.join('.'));
          }
          routes.add(`${method} ${path}`);
          checked += 1;
        }
      }
    }
    // The API has dozens of write routes with text; a schema walk that found none would prove nothing.
    expect(routes.size).toBeGreaterThan(20);
    expect(checked).toBeGreaterThan(100);
    expect(log.text()).not.toContain('\\u0000');
  });

  it('accepts tabs, line breaks and every letter of the five languages', () => {
    expect(findControlCharacter({ comment: 'Zeile 1\nZeile 2\r\n\tŁódź, Çà, ß, €, 😀' })).toBeNull();
    expect(findControlCharacter({ list: [{ name: 'a\u0000' }] })).toBe('list.0.name');
  });
});

describe('what an error writes to the log', () => {
  it('keeps a failed query’s kind and code but not the values it tried to write', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      detail: 'Key (email)=(private.person@example.de) already exists.',
    });
    const error = new Error(
      'Failed query: insert into "addresses" ("first_name", "email") values ($1, $2)\nparams: Erika,private.person@example.de',
      { cause },
    );
    const logged = JSON.stringify(loggableError(error));
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('22021');
    expect(logged).not.toContain('private.person@example.de');
    expect(logged).not.toContain('Erika');
  });
});
