/**
 * A client's mutation as it arrives (docs/realtime.md `mutations`, and POST /albums/:id/mutations, the HTTP
 * fallback) and what submitting it answers. The album sync service (albums/sync-service.ts) does the submitting.
 */
import type { ApiErrorCodeSubset } from '@stickerbook/api';
import type { Patch } from '@stickerbook/model';

/** The wire payload of a `mutations` event (docs/realtime.md). */
export interface MutationPayload {
  patches: unknown;
  version: number;
  clientId: string;
  mutationId: string;
}

type MutationErrorCode = ApiErrorCodeSubset<
  | 'INVALID_PAYLOAD'
  | 'INVALID_MUTATION'
  | 'COMMENT_FORBIDDEN'
  | 'ALBUM_LOCKED'
  | 'ACCESS_LOST'
  | 'SAVE_FAILED'
>;

export type SubmitResult =
  | { ok: true; version: number; duplicate: boolean; patches: Patch[] }
  | { ok: false; code: MutationErrorCode; message: string; path?: string };

export const MAX_PATCHES_PER_MUTATION = 5_000;
const ID = /^[A-Za-z0-9_:.-]{1,100}$/;

export function parseMutationPayload(payload: unknown): MutationPayload | string {
  if (typeof payload !== 'object' || payload === null) return 'the payload must be an object';
  const { patches, version, clientId, mutationId } = payload as Record<string, unknown>;
  if (typeof mutationId !== 'string' || !ID.test(mutationId))
    return 'mutationId must be 1-100 of [A-Za-z0-9_:.-]';
  if (typeof clientId !== 'string' || !ID.test(clientId)) return 'clientId must be 1-100 of [A-Za-z0-9_:.-]';
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 0)
    return 'version must be a non-negative integer';
  if (!Array.isArray(patches) || patches.length === 0) return 'patches must be a non-empty array';
  if (patches.length > MAX_PATCHES_PER_MUTATION) return `at most ${MAX_PATCHES_PER_MUTATION} patches`;
  return { patches, version, clientId, mutationId };
}
