import { describe, expect, it } from 'vitest';
import { parseSpanStyles, resolveFontFamily, spanCss } from './styles.ts';

const fonts = { title: 'Playfair Display', sub_title: 'Montserrat', paragraph: 'Lato' };

describe('parseSpanStyles', () => {
  it('reads every inline style of SPEC §3', () => {
    expect(
      parseSpanStyles([
        'BOLD',
        'ITALIC',
        'UPPERCASE',
        'AUTOSIZE',
        'COLOR-#ff8800',
        'LETTERSPACING-3',
        'FONT-Oswald',
        'SIZE-10.5',
      ]),
    ).toEqual({
      bold: true,
      italic: true,
      uppercase: true,
      autosize: true,
      color: '#ff8800',
      letterSpacing: 3,
      font: 'Oswald',
      sizePt: 10.5,
    });
  });
  it('has everything off for no styles', () => {
    expect(parseSpanStyles([])).toEqual({ bold: false, italic: false, uppercase: false, autosize: false });
  });
  it('keeps family names with spaces and ignores unusable sizes', () => {
    const style = parseSpanStyles(['FONT-Playfair Display', 'SIZE-big']);
    expect(style.font).toBe('Playfair Display');
    expect(style.sizePt).toBeUndefined();
  });
});

describe('resolveFontFamily', () => {
  it('resolves the roles title, sub_title and paragraph through the album fonts', () => {
    expect(resolveFontFamily('title', fonts)).toBe('Playfair Display');
    expect(resolveFontFamily('sub_title', fonts)).toBe('Montserrat');
    expect(resolveFontFamily('paragraph', fonts)).toBe('Lato');
  });
  it('uses the paragraph font when no font is given, and other names as families', () => {
    expect(resolveFontFamily(undefined, fonts)).toBe('Lato');
    expect(resolveFontFamily('Oswald', fonts)).toBe('Oswald');
  });
});

describe('spanCss', () => {
  it('converts SIZE in points to millimetres (1 pt = 0.3528 mm), scaled by the autosize factor', () => {
    expect(spanCss(parseSpanStyles(['SIZE-10']), fonts).fontSize).toBe('calc(var(--autosize, 1) * 3.528px)');
    expect(spanCss(parseSpanStyles(['SIZE-10']), fonts, 10).fontSize).toBe(
      'calc(var(--autosize, 1) * 35.28px)',
    );
  });
  it('defaults to 11 pt paragraph text in black weight 400', () => {
    const css = spanCss(parseSpanStyles([]), fonts);
    expect(css.fontSize).toBe('calc(var(--autosize, 1) * 3.8808px)');
    expect(css.fontFamily).toBe("'Lato', sans-serif");
    expect(css.fontWeight).toBe(400);
    expect(css.color).toBeUndefined();
  });
  it('maps BOLD, ITALIC, UPPERCASE, COLOR and LETTERSPACING to CSS', () => {
    const css = spanCss(
      parseSpanStyles(['BOLD', 'ITALIC', 'UPPERCASE', 'COLOR-#00ff00', 'LETTERSPACING-2', 'FONT-title']),
      fonts,
    );
    expect(css).toMatchObject({
      fontWeight: 700,
      fontStyle: 'italic',
      textTransform: 'uppercase',
      color: '#00ff00',
      letterSpacing: 'calc(var(--autosize, 1) * 0.7056px)',
      fontFamily: "'Playfair Display', serif",
    });
  });
});
