import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { z } from 'zod';

/**
 * Every `*.json` in a folder parsed with `schema`, sorted by file name. A missing or empty folder is fine
 * (seed data arrives separately); a malformed file stops start-up with its name, since seeds are repo data.
 */
export async function loadJsonFiles<T>(dir: string, schema: z.ZodType<T>, skip: string[] = []): Promise<T[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json') && !skip.includes(name)).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const items: T[] = [];
  for (const name of names) {
    const parsed = schema.safeParse(JSON.parse(await readFile(join(dir, name), 'utf8')));
    if (!parsed.success) {
      throw new Error(
        `Seed file ${join(dir, name)} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
      );
    }
    items.push(parsed.data);
  }
  return items;
}
