import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/locales/en.ts';
import { problemsText } from './uploadErrors.ts';

const problems = en.errors.upload as Record<string, string>;
const t = ((key: string) => problems[key.replace('errors.upload.', '')] ?? key) as unknown as TFunction;

describe('upload problem messages', () => {
  it('start with a capital letter, however many problems are joined', () => {
    expect(problemsText(t, ['IMAGE_TOO_LARGE'])).toBe('The file is larger than 16 MB');
    expect(problemsText(t, ['IMAGE_TOO_LARGE', 'IMAGE_TOO_MANY_PIXELS'])).toBe(
      'The file is larger than 16 MB, the image has more than 32 megapixels',
    );
  });
});
