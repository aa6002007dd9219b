import { SECTION_NAME_MAX } from '../constants.ts';

/** SPEC §5: a new section needs a non-empty name of at most 50 characters; the same holds for renaming. */
export type SectionNameError = 'SECTION_NAME_REQUIRED' | 'SECTION_NAME_TOO_LONG';

export function sectionNameError(name: string): SectionNameError | null {
  const trimmed = name.trim();
  if (trimmed.length === 0) return 'SECTION_NAME_REQUIRED';
  if (trimmed.length > SECTION_NAME_MAX) return 'SECTION_NAME_TOO_LONG';
  return null;
}
