import type { NewSpreadTarget } from '@stickerbook/model';

/**
 * The spread creation modal lives at /album/{id}/layouts (SPEC §2: the add-spread button under a spread opens it).
 * `?after=<spreadId>` inserts after that spread, `?new` appends to the last editable section.
 */
export function spreadCreationTarget(params: URLSearchParams): NewSpreadTarget | null {
  const after = params.get('after');
  if (after) return { afterSpreadId: after };
  return params.has('new') ? {} : null;
}

export function addSpreadPath(albumId: string, afterSpreadId?: string): string {
  const base = `/album/${encodeURIComponent(albumId)}/layouts`;
  return afterSpreadId ? `${base}?after=${encodeURIComponent(afterSpreadId)}` : `${base}?new`;
}
