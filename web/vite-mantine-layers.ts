import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import type { Plugin } from 'vite';

const MANTINE_STYLE = /[\\/]@mantine[\\/]core[\\/]styles[\\/]([\w-]+)\.css$/;

/**
 * Mantine's per-component stylesheets in the order of its own full `styles.css`, which is their concatenation:
 * components that build on others (Tabs on UnstyledButton, PasswordInput on Input) come after them, so a rule
 * of equal specificity wins as Mantine means it to. Read from the installed package, so an upgrade brings its order.
 */
function mantineStylesheetOrder(): string[] {
  const stylesDir = join(
    dirname(createRequire(import.meta.url).resolve('@mantine/core/styles.css')),
    'styles',
  );
  const full = readFileSync(join(stylesDir, '..', 'styles.css'), 'utf8');
  return readdirSync(stylesDir)
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => ({
      name: basename(file, '.css'),
      at: full.indexOf(readFileSync(join(stylesDir, file), 'utf8').trim().slice(0, 200)),
    }))
    .filter(({ at }) => at >= 0)
    .sort((a, b) => a.at - b.at)
    .map(({ name }) => name);
}

/**
 * Puts each Mantine stylesheet in a cascade layer of its own (`mantine.Button`), in Mantine's order, declared
 * once in the head of index.html before any stylesheet arrives. The cascade then follows that declaration, not
 * the order in which the browser happens to receive the files: the start page imports the common components
 * (web/src/app/mantine-styles.ts) and each lazy screen its own, and once the build merges small chunks
 * (vite.config.ts) a screen's stylesheet can arrive before the base styles. Without layers that let
 * UnstyledButton's reset beat the dashboard's tabs (the merged build reverted in 5ec16a5).
 *
 * The app's own styles stay outside any layer, so they win over Mantine's whatever the specificity, as Mantine
 * recommends for its `*.layer.css` files (which put every component in one layer and so keep the order problem).
 */
export function mantineLayers(): Plugin {
  const order = mantineStylesheetOrder();
  const known = new Set(order);
  return {
    name: 'stickerbook-mantine-layers',
    enforce: 'pre',
    transform(code, id) {
      const name = MANTINE_STYLE.exec(id.split('?')[0])?.[1];
      if (!name) return undefined;
      if (!known.has(name))
        this.error(`${name}.css is not part of Mantine's styles.css: its layer has no place`);
      return { code: `@layer mantine.${name} {\n${code}\n}\n`, map: null };
    },
    transformIndexHtml: {
      order: 'pre',
      handler: () => [
        {
          tag: 'style',
          // The order of the layers is that of their first mention: this one, before any stylesheet.
          children: `@layer ${order.map((name) => `mantine.${name}`).join(', ')};`,
          injectTo: 'head',
        },
      ],
    },
  };
}
