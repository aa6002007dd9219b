/**
 * Blueprint content in the album's language (issue "German albums print in English"). Blueprints are written
 * in English; `seeds/blueprint-texts/<language>.json` maps every English text of them (each rich-text span,
 * section name, sample sticker name and position) to its translation. A new album gets its language's
 * version; `server/test/seeds.test.ts` fails when a blueprint text has no translation.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AlbumDocument, DocNode, RichText } from '@stickerbook/model';

export type BlueprintTexts = Readonly<Record<string, string>>;

const cache = new Map<string, ReadonlyMap<string, BlueprintTexts>>();

/** The dictionaries in `<seedsDir>/blueprint-texts`, by language; read once per folder. */
export function blueprintTexts(seedsDir: string): ReadonlyMap<string, BlueprintTexts> {
  let found = cache.get(seedsDir);
  if (found) return found;
  const dir = join(seedsDir, 'blueprint-texts');
  const byLanguage = new Map<string, BlueprintTexts>();
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    // A seeds folder without translations: albums keep the blueprint's own texts.
  }
  for (const name of files) {
    byLanguage.set(name.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, name), 'utf8')));
  }
  found = byLanguage;
  cache.set(seedsDir, found);
  return found;
}

/** Every text of a blueprint document that is translated: span texts, section names, sticker texts. */
export function translatableTexts(doc: AlbumDocument): string[] {
  const texts = new Set<string>();
  const add = (value: unknown) => {
    if (typeof value === 'string' && /\p{L}/u.test(value)) texts.add(value);
  };
  for (const node of Object.values(doc.nodes)) {
    if (node.type === 'Section') add(node.props.name);
    for (const block of (node.props.text as RichText | undefined)?.blocks ?? [])
      for (const span of block.spans) add(span.text);
  }
  for (const sticker of Object.values(doc.stickers)) {
    add(sticker.name);
    add(sticker.position);
  }
  return [...texts];
}

/** The document with its texts translated (in place: pass the album's own copy); unknown texts stay. */
export function translateBlueprintDocument(doc: AlbumDocument, texts: BlueprintTexts): AlbumDocument {
  const translate = <T>(value: T): T =>
    typeof value === 'string' && Object.hasOwn(texts, value) ? (texts[value] as T) : value;
  for (const node of Object.values(doc.nodes) as DocNode[]) {
    if (node.type === 'Section') node.props.name = translate(node.props.name);
    const text = node.props.text as RichText | undefined;
    for (const block of text?.blocks ?? []) for (const span of block.spans) span.text = translate(span.text);
  }
  for (const sticker of Object.values(doc.stickers)) {
    sticker.name = translate(sticker.name);
    if (sticker.position !== undefined) sticker.position = translate(sticker.position);
  }
  return doc;
}
