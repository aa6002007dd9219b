/**
 * Rich text <-> contenteditable DOM for in-place text editing. Blocks become <p>, spans become <span
 * data-styles="..."> carrying the model's inline styles; on the way back, bold, italic and colour are read from
 * the DOM structure (the closest ancestor that says so wins: <b>/<strong>, <i>/<em>, <font color>, inline
 * font-weight / font-style / color) because that is where Ctrl+B and execCommand put them. Everything else
 * (font, size, uppercase, letter spacing, autosize) stays as the span had it.
 */
import type { AlbumSettings, RichText, RichTextBlock, RichTextSpan } from '@stickerbook/model';
import { parseSpanStyles, spanCss } from '../../../render/text/styles.ts';

export const EDIT_PX_PER_MM = 10;

const TOGGLED = (style: string) => style === 'BOLD' || style === 'ITALIC' || style.startsWith('COLOR-');

export function fillEditable(root: HTMLElement, text: RichText, fonts: AlbumSettings['fonts']): void {
  root.replaceChildren();
  const blocks = text.blocks.length > 0 ? text.blocks : [{ spans: [{ text: '', styles: [] }] }];
  for (const block of blocks) {
    const p = root.ownerDocument.createElement('p');
    p.style.margin = '0';
    p.style.textAlign = block.align ?? 'left';
    p.style.lineHeight = String((block.lineHeight ?? 150) / 100);
    if (block.align) p.dataset.align = block.align;
    if (block.lineHeight) p.dataset.lineHeight = String(block.lineHeight);
    const spans = block.spans.length > 0 ? block.spans : [{ text: '', styles: [] }];
    for (const span of spans) {
      const el = root.ownerDocument.createElement('span');
      el.dataset.styles = span.styles.join(',');
      const css = spanCss(parseSpanStyles(span.styles), fonts, EDIT_PX_PER_MM);
      el.style.fontFamily = String(css.fontFamily ?? '');
      el.style.fontSize = String(css.fontSize ?? '');
      if (css.textTransform) el.style.textTransform = String(css.textTransform);
      if (css.letterSpacing) el.style.letterSpacing = String(css.letterSpacing);
      // Only what is set goes inline, so a <b> or colour that execCommand wraps around it is not overridden.
      if (span.styles.includes('BOLD')) el.style.fontWeight = '700';
      if (span.styles.includes('ITALIC')) el.style.fontStyle = 'italic';
      if (css.color) el.style.color = String(css.color);
      el.textContent = span.text;
      p.append(el);
    }
    if (spans.every((s) => s.text === '')) p.append(root.ownerDocument.createElement('br'));
    root.append(p);
  }
}

export function readEditable(root: HTMLElement, previous: RichText): RichText {
  const blocks: RichTextBlock[] = [];
  const blockElements = [...root.children].filter((el) => el.tagName !== 'BR');
  const sources: Element[] = blockElements.length > 0 ? blockElements : [root];
  sources.forEach((blockEl, index) => {
    const template = previous.blocks[Math.min(index, previous.blocks.length - 1)];
    const spans: RichTextSpan[] = [];
    let lastStyles: string[] = template?.spans.at(-1)?.styles.filter((s) => !TOGGLED(s)) ?? [];
    const walk = (node: Node) => {
      if (node.nodeType === 3) {
        const value = node.textContent ?? '';
        if (value === '') return;
        const styles = stylesOf(node, blockEl, lastStyles);
        lastStyles = styles.filter((s) => !TOGGLED(s));
        const previousSpan = spans.at(-1);
        if (previousSpan && sameStyles(previousSpan.styles, styles)) previousSpan.text += value;
        else spans.push({ text: value, styles });
        return;
      }
      if (node instanceof Element && node.tagName === 'BR') return;
      node.childNodes.forEach(walk);
    };
    blockEl.childNodes.forEach(walk);
    if (spans.length === 0) spans.push({ text: '', styles: lastStyles });
    const el = blockEl as HTMLElement;
    const align = (el.dataset?.align ?? template?.align) as RichTextBlock['align'];
    const lineHeight = el.dataset?.lineHeight ? Number(el.dataset.lineHeight) : template?.lineHeight;
    blocks.push({ ...(align ? { align } : {}), ...(lineHeight ? { lineHeight } : {}), spans });
  });
  return { blocks };
}

function stylesOf(textNode: Node, blockEl: Element, fallback: readonly string[]): string[] {
  let bold: boolean | undefined;
  let italic: boolean | undefined;
  let color: string | undefined;
  let base: string[] | undefined;
  for (let el = textNode.parentElement; el && el !== blockEl.parentElement; el = el.parentElement) {
    const tag = el.tagName;
    const style = (el as HTMLElement).style;
    if (bold === undefined) {
      if (tag === 'B' || tag === 'STRONG') bold = true;
      else if (style?.fontWeight) bold = style.fontWeight === 'bold' || Number(style.fontWeight) >= 600;
    }
    if (italic === undefined) {
      if (tag === 'I' || tag === 'EM') italic = true;
      else if (style?.fontStyle) italic = style.fontStyle === 'italic';
    }
    if (color === undefined) {
      if (tag === 'FONT' && el.getAttribute('color')) color = el.getAttribute('color')!;
      else if (style?.color) color = style.color;
    }
    if (base === undefined && (el as HTMLElement).dataset?.styles !== undefined) {
      base = (el as HTMLElement).dataset.styles!.split(',').filter(Boolean);
    }
    if (el === blockEl) break;
  }
  const styles = (base ?? [...fallback]).filter((s) => !TOGGLED(s));
  if (bold) styles.push('BOLD');
  if (italic) styles.push('ITALIC');
  const hex = color ? toHex(color) : undefined;
  if (hex) styles.push(`COLOR-${hex}`);
  return styles;
}

function sameStyles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((s) => b.includes(s));
}

/** '#abc', '#aabbcc' or 'rgb(r, g, b)' as '#rrggbb'; undefined for anything else. */
function toHex(color: string): string | undefined {
  const value = color.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) return '#' + [...value.slice(1)].map((c) => c + c).join('');
  const match = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(value);
  if (!match) return undefined;
  return (
    '#' +
    match
      .slice(1, 4)
      .map((n) => Number(n).toString(16).padStart(2, '0'))
      .join('')
  );
}
