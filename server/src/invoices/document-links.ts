import type { UrlSigner } from '../storage/index.ts';

/**
 * Links to an order's documents (invoice, credit note, delivery note) that a browser opens in a new tab, where no
 * bearer token goes along: the path is signed with the storage URL signer and expires after ten minutes, so a
 * link copied out of the page stops working soon and cannot be turned into another order's document.
 */
const TTL_SECONDS = 10 * 60;

/** The delivery note's PDF, under the order (GET /orders/{id}/delivery_note answers a signed link to it). */
export const DELIVERY_NOTE_FILE = 'delivery_note.pdf';

export const orderDocumentPath = (orderId: string, file: string) =>
  `/api/v1/orders/${encodeURIComponent(orderId)}/${file}`;

export function signedDocumentUrl(signer: UrlSigner, path: string, nowMs = Date.now()): string {
  const exp = String(Math.floor(nowMs / 1000) + TTL_SECONDS);
  const sig = signer.sign('GET', path, { exp });
  return `${path}?exp=${exp}&sig=${encodeURIComponent(sig)}`;
}

/** Whether the request's query carries a valid, unexpired signature of `path`. */
export function hasDocumentSignature(signer: UrlSigner, path: string, query: unknown): boolean {
  const { exp, sig } = (query ?? {}) as { exp?: unknown; sig?: unknown };
  if (typeof exp !== 'string' || typeof sig !== 'string') return false;
  return signer.verify('GET', path, { exp }, sig);
}
