/**
 * Errors are values with codes (STYLE.md); the UI maps a code to translated text. An operation that the rules
 * forbid throws a `ModelError`; the matching `can…` function returns the same code without throwing, so a button
 * can be disabled with the exact reason.
 */

export type ModelErrorCode =
  // lookups
  | 'NODE_NOT_FOUND'
  | 'STICKER_NOT_FOUND'
  | 'SECTION_NOT_FOUND'
  | 'SPREAD_NOT_FOUND'
  | 'NOT_AN_ELEMENT'
  | 'NOT_A_GROUP'
  | 'NOT_A_STICKER_CELL'
  | 'INVALID_PROPS'
  | 'INVALID_PARENT'
  | 'NOT_SIBLINGS'
  | 'NOTHING_SELECTED'
  | 'AUTOMATIC_TEXT_READ_ONLY'
  // spreads (SPEC §4)
  | 'SECTION_STATIC'
  | 'SPREAD_IS_FIRST'
  | 'SPREAD_IS_LAST'
  | 'SPREAD_IS_LAST_PAGE'
  | 'SPREAD_ONLY_ONE_LEFT'
  | 'SECTION_HAS_ONE_SPREAD'
  | 'NO_EDITABLE_SECTION'
  // sections (SPEC §5)
  | 'SECTION_NAME_REQUIRED'
  | 'SECTION_NAME_TOO_LONG'
  | 'SECTION_POSITION_INVALID'
  // patches
  | 'PATCH_INVALID'
  | 'PATH_NOT_FOUND';

export class ModelError extends Error {
  readonly code: ModelErrorCode;
  readonly details?: unknown;

  constructor(code: ModelErrorCode, message?: string, details?: unknown) {
    super(message ?? code);
    this.name = 'ModelError';
    this.code = code;
    this.details = details;
  }
}

export function isModelError(error: unknown): error is ModelError {
  return error instanceof ModelError;
}
