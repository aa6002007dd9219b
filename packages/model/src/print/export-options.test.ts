import { describe, expect, it } from 'vitest';
import { isAllowedApiUrl, parseDpi, parseFlag, parseRange, parseRenderQuery } from './index.ts';

const query = (params: Record<string, string>) => (key: string) => params[key] ?? null;

describe('render query parsing', () => {
  it('reads flags as true only for 1 or true', () => {
    expect(parseFlag('1')).toBe(true);
    expect(parseFlag('true')).toBe(true);
    expect(parseFlag('TRUE ')).toBe(true);
    expect(parseFlag('0', true)).toBe(false);
    expect(parseFlag('yes', true)).toBe(false);
    expect(parseFlag(null, true)).toBe(true);
  });

  it('parses a range like 1-3,5 with spaces stripped, ascending and without duplicates', () => {
    expect(parseRange(' 1 - 3 , 5 ', 10)).toEqual([1, 2, 3, 5]);
    expect(parseRange('5,1-2,2', 10)).toEqual([1, 2, 5]);
    expect(parseRange('3-1', 10)).toEqual([1, 2, 3]);
    expect(parseRange('', 3)).toEqual([1, 2, 3]);
    expect(parseRange('2-99', 4)).toEqual([2, 3, 4]);
  });

  it('refuses a malformed range', () => {
    expect(parseRange('1-', 5)).toBeNull();
    expect(parseRange('a', 5)).toBeNull();
    expect(parseRange('1--3', 5)).toBeNull();
  });

  it('strips spaces from the dpi and refuses nonsense', () => {
    expect(parseDpi(' 3 00 ')).toBe(300);
    expect(parseDpi('abc')).toBeUndefined();
    expect(parseDpi('0')).toBeUndefined();
  });

  it('takes every option of the /render query and reports what is missing', () => {
    const parsed = parseRenderQuery(
      query({
        album_id: 'A1',
        token: 't',
        mode: 'spread',
        format: 'png',
        resolution: 'full',
        dpi: ' 150',
        showStickers: '0',
        includeCover: 'true',
        includeBleed: '1',
        range: '1 ,2',
      }),
    );
    expect(parsed.albumId).toBe('A1');
    expect(parsed.problems).toEqual([]);
    expect(parsed.settings).toMatchObject({
      mode: 'spread',
      format: 'png',
      resolution: 'full',
      dpi: 150,
      showStickers: false,
      includeCover: true,
      includeBleed: true,
      cropMarks: true,
      range: '1,2',
    });
    expect(parseRenderQuery(query({}), 'FromPath').albumId).toBe('FromPath');
    expect(parseRenderQuery(query({ dpi: 'x', range: '1-' })).problems).toEqual([
      'INVALID_DPI',
      'INVALID_RANGE',
      'MISSING_ALBUM',
      'MISSING_TOKEN',
    ]);
  });
});

describe('the api_url allow-list', () => {
  const allowed = ['http://127.0.0.1:3400', 'https://app.example.com'];
  it('accepts our own API on an allowed origin', () => {
    expect(isAllowedApiUrl('http://127.0.0.1:3400/api/v1', allowed)).toBe(true);
    expect(isAllowedApiUrl('https://app.example.com:443/api/v1/', allowed)).toBe(true);
  });
  it('refuses any other host, port, scheme, path or credentials trick', () => {
    for (const url of [
      'http://evil.example/api/v1',
      'http://127.0.0.1:3401/api/v1',
      'https://127.0.0.1:3400/api/v1',
      'http://127.0.0.1:3400/other',
      'http://app.example.com@evil.example/api/v1',
      'javascript:alert(1)',
      '//evil.example/api/v1',
      'https://app.example.com.evil.example/api/v1',
    ]) {
      expect(isAllowedApiUrl(url, allowed), url).toBe(false);
    }
  });
});
