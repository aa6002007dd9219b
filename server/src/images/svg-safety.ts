/**
 * SVG uploads must be inert (SPEC §5, issue 5): no scripts, no event handlers, no references outside the file.
 * We refuse such files rather than rewrite them: a sanitiser that edits markup is easy to get subtly wrong, and a
 * designer's logo never needs any of it. What is accepted is still only ever shown through `<img>` (where
 * browsers run no scripts and load nothing) and rasterised by librsvg for the variants; the original is served
 * with a sandboxing Content-Security-Policy as a second line.
 */

/** Elements that run code, embed other documents or pull in other files. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'embed',
  'object',
  'handler',
  'listener',
  'include', // XInclude
  'audio',
  'video',
  'canvas',
  'animation',
  'discard',
]);

/** Animations that can rewrite a link or handler attribute at run time. */
const ANIMATION_ELEMENTS = new Set(['set', 'animate', 'animatetransform', 'animatemotion']);

const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);
/** Only references into the file itself, or embedded raster images. */
const SAFE_LINK = /^(#[\w.:-]*|data:image\/(png|jpe?g|gif|webp);base64,[a-z0-9+/=\s]*)$/i;

export type SvgProblem =
  | 'doctype'
  | 'processing-instruction'
  | 'forbidden-element'
  | 'event-handler'
  | 'external-reference'
  | 'unsafe-style'
  | 'not-svg';

/** Everything that makes this SVG unsafe; an empty list means it may be stored. */
export function svgProblems(source: string): SvgProblem[] {
  const problems = new Set<SvgProblem>();
  // No DOCTYPE at all: entity declarations are the road to XXE and billion-laughs expansion.
  if (/<!DOCTYPE|<!ENTITY/i.test(source)) problems.add('doctype');
  if (/<\?(?!xml\s)[^?]*\?>/i.test(source.replace(/^\uFEFF?\s*<\?xml\s[^?]*\?>/, ''))) {
    problems.add('processing-instruction');
  }
  const withoutComments = source.replace(/<!--[\s\S]*?-->/g, '');
  if (!/<(svg:)?svg[\s>/]/i.test(withoutComments)) problems.add('not-svg');

  const tagPattern = /<([A-Za-z][\w:.-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+))?)*)\s*\/?>/g;
  const attributePattern = /([^\s=/>]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g;
  for (const tag of withoutComments.matchAll(tagPattern)) {
    const name = localName(tag[1]);
    if (FORBIDDEN_ELEMENTS.has(name)) problems.add('forbidden-element');
    for (const attribute of tag[2].matchAll(attributePattern)) {
      const attributeName = attribute[1].toLowerCase();
      const value = decodeEntities(unquote(attribute[2] ?? '')).trim();
      if (localName(attributeName).startsWith('on')) problems.add('event-handler');
      if (LINK_ATTRIBUTES.has(attributeName) || attributeName.endsWith(':href')) {
        if (!SAFE_LINK.test(value)) problems.add('external-reference');
      }
      if (ANIMATION_ELEMENTS.has(name) && attributeName === 'attributename') {
        const target = value.toLowerCase();
        if (target.includes('href') || target.startsWith('on')) problems.add('forbidden-element');
      }
      if (attributeName === 'style' && unsafeCss(value)) problems.add('unsafe-style');
      if (/url\(/i.test(value) && unsafeCss(value)) problems.add('external-reference');
    }
  }
  // Belt and braces for markup the tag scan above could not parse.
  if (/<\s*([\w.-]+:)?(script|foreignObject|iframe|embed|object)\b/i.test(withoutComments)) {
    problems.add('forbidden-element');
  }
  if (/[\s"'/]on[a-z]+\s*=/i.test(withoutComments.replace(/>[^<]*</g, '><'))) problems.add('event-handler');
  // Style sheets: everything between <style> tags.
  for (const style of withoutComments.matchAll(/<(?:svg:)?style[^>]*>([\s\S]*?)<\/(?:svg:)?style>/gi)) {
    if (unsafeCss(decodeEntities(style[1].replace(/<!\[CDATA\[|\]\]>/g, '')))) problems.add('unsafe-style');
  }
  // A CDATA section outside <style> can hide markup from the tag scan above.
  if (/<!\[CDATA\[/.test(withoutComments.replace(/<(?:svg:)?style[^>]*>[\s\S]*?<\/(?:svg:)?style>/gi, ''))) {
    problems.add('forbidden-element');
  }
  return [...problems];
}

function localName(name: string): string {
  const lower = name.toLowerCase();
  const colon = lower.lastIndexOf(':');
  return colon === -1 ? lower : lower.slice(colon + 1);
}

function unquote(value: string): string {
  if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
    return value.slice(1, -1);
  }
  return value;
}

/** Character references are decoded before checking, so `&#106;avascript:` is seen as `javascript:`. */
function decodeEntities(value: string): string {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16) % 0x110000))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec) % 0x110000))
    .replace(
      /&(lt|gt|quot|apos|amp);/g,
      (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!,
    );
}

/** CSS that imports, loads or runs anything: @import, url() to anything but a fragment, expressions. */
function unsafeCss(css: string): boolean {
  const normalised = css.replace(/\\([0-9a-f]{1,6}\s?)/gi, (_, hex: string) =>
    String.fromCodePoint(parseInt(hex, 16) % 0x110000),
  );
  if (/@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding/i.test(normalised)) return true;
  for (const match of normalised.matchAll(/url\(\s*(['"]?)(.*?)\1\s*\)/gi)) {
    if (!SAFE_LINK.test(match[2].trim())) return true;
  }
  return false;
}
