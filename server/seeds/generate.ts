/**
 * Writes the seed data files the server loads on start (issue 2, item 5):
 *   server/seeds/blueprints/<id>.json         one album blueprint per category
 *   server/seeds/sticker-templates/<id>.json  sticker frame templates 595-617 (SPEC §3)
 *   server/seeds/sticker-templates.index.json the template list
 * Run: npx tsx server/seeds/generate.ts. The output is deterministic (fixed ids, no clock, no randomness)
 * and formatted with the repository's Prettier config, so re-running changes nothing.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { allBlueprints } from './build/designs/index.ts';
import { stickerTemplates } from './build/templates.ts';

const seedsDir = dirname(fileURLToPath(import.meta.url));

async function writeJson(path: string, value: unknown): Promise<void> {
  const options = (await prettier.resolveConfig(path)) ?? {};
  const text = await prettier.format(JSON.stringify(value), { ...options, filepath: path });
  await writeFile(path, text);
}

/** Empties a generated folder so a renamed or dropped seed does not linger. */
async function resetJsonDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    if (name.endsWith('.json')) await rm(join(dir, name));
  }
}

async function main(): Promise<void> {
  const blueprintsDir = join(seedsDir, 'blueprints');
  await resetJsonDir(blueprintsDir);
  for (const blueprint of allBlueprints()) {
    await writeJson(join(blueprintsDir, `${blueprint.id}.json`), blueprint);
  }

  const templatesDir = join(seedsDir, 'sticker-templates');
  await resetJsonDir(templatesDir);
  const templates = stickerTemplates();
  for (const template of templates) {
    await writeJson(join(templatesDir, `${template.id}.json`), template);
  }
  await writeJson(
    join(seedsDir, 'sticker-templates.index.json'),
    templates.map(({ id, name, theme, variant, double }) => ({ id, name, theme, variant, double })),
  );
  console.log(`wrote ${allBlueprints().length} blueprints and ${templates.length} sticker templates`);
}

await main();
