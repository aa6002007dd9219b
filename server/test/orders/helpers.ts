/** Shared setup of the order tests: calls, a complete checkout form, an album with or without preflight errors. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { postcodeExample } from '@stickerbook/model';
import { albums } from '../../src/db/schema.ts';
import type { Database } from '../../src/db/database.ts';
import { bearer, createAlbum } from '../helpers/test-app.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export function caller(app: FastifyInstance) {
  return (
    method: Method,
    url: string,
    options: { token?: string; payload?: object; language?: string; headers?: Record<string, string> } = {},
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: {
        ...(options.token ? bearer(options.token) : {}),
        'accept-language': options.language ?? 'de',
        ...options.headers,
      },
      payload: options.payload,
    });
}

/** A release date comfortably after the estimated delivery. */
export function futureDay(daysAhead = 120): string {
  return new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
}

export function orderForm(albumId: string, overrides: Record<string, unknown> = {}) {
  // A postcode of the delivery country (checked per country, issue 22) unless the test sets one.
  const country = typeof overrides.countryCode === 'string' ? overrides.countryCode : 'DE';
  return {
    album_id: albumId,
    organization: 'Grundschule am See',
    firstName: 'Erika',
    lastName: 'Mustermann',
    email: 'erika@example.de',
    phone: '0171 2345678',
    areaCode: '+49',
    address1: 'Hauptstraße 1',
    address2: '',
    zipCode: postcodeExample(country) || '10115',
    city: 'Berlin',
    countryCode: 'DE',
    noAlbums: 50,
    comment: 'Bitte vor Ostern liefern',
    orderFeatures: [],
    quoteName: 'A-2026-17',
    stickerPackagingType: 'stickerpack',
    releaseDate: futureDay(),
    printConsent: true,
    ...overrides,
  };
}

export const idempotencyKey = () => ({ 'idempotency-key': randomUUID() });

/** An album of the fixture blueprint (community, one named sticker placed: no preflight errors). */
export async function cleanAlbum(
  app: FastifyInstance,
  token: string,
  options: { language?: string; category?: string; database?: Database } = {},
) {
  const album = await createAlbum(app, token, {
    blueprint_id: 'test-fixture',
    language: options.language ?? 'de',
  });
  if (options.category && options.database) {
    await options.database.db
      .update(albums)
      .set({ category: options.category })
      .where(eq(albums.id, album.id));
  }
  return album;
}

/**
 * Places an order of a clean album (cleanAlbum) as the customer through POST /orders, with the complete form and
 * `overrides`; answers the new order's id and album id.
 */
export async function placeCleanOrder(
  app: FastifyInstance,
  customerToken: string,
  overrides: Record<string, unknown> = {},
): Promise<{ orderId: string; albumId: string }> {
  const album = await cleanAlbum(app, customerToken);
  const placed = await caller(app)('POST', '/orders', {
    token: customerToken,
    payload: orderForm(album.id, overrides),
    headers: idempotencyKey(),
  });
  if (placed.statusCode !== 201) throw new Error(`POST /orders: ${placed.statusCode} ${placed.body}`);
  return { orderId: placed.json().order.id as string, albumId: album.id };
}

/** The editable spread holding the fixture's sticker cell. */
export function stickerSpreadOf(workspace: Record<string, unknown>): string {
  const nodes = workspace.nodes as Record<string, { type: string; parentId: string }>;
  const cell = Object.values(nodes).find((node) => node.type === 'StickerCell');
  if (!cell) throw new Error('fixture has no sticker cell');
  return cell.parentId;
}

let cellCounter = 0;

/** Adds an empty sticker cell through the mutations route: a preflight error EMPTY_STICKER_CELL. */
export async function addEmptyCell(
  app: FastifyInstance,
  token: string,
  album: { id: string; workspace: Record<string, unknown> },
): Promise<{ status: number; cellId: string; body: string }> {
  const cellId = `emptyCell${String(cellCounter++).padStart(7, '0')}`;
  const versionResponse = await app.inject({
    method: 'GET',
    url: `/api/v1/albums/${album.id}`,
    headers: bearer(token),
  });
  const version = versionResponse.json().version as number;
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/albums/${album.id}/mutations`,
    headers: bearer(token),
    payload: {
      patches: [
        {
          op: 'add',
          path: `/nodes/${cellId}`,
          value: {
            id: cellId,
            type: 'StickerCell',
            parentId: stickerSpreadOf(album.workspace),
            index: `a${cellCounter}z`,
            props: { x: 300, y: 100, width: 50, height: 70 },
          },
        },
      ],
      version,
      clientId: 'order-tests',
      mutationId: `order-test-${randomUUID()}`,
    },
  });
  return { status: response.statusCode, cellId, body: response.body };
}

/**
 * Removes the fixture's last content spread through the mutations route: 2 spreads are left, so 1 inside the cover,
 * and the binding needs an even number (SPREADS_MISSING_FOR_BINDING, count 1, at the remaining content spread).
 * Answers the spread's node, for putting it back.
 */
export async function removeLastContentSpread(
  app: FastifyInstance,
  token: string,
  album: { id: string; workspace: Record<string, unknown> },
): Promise<{ status: number; spread: Record<string, unknown> }> {
  const nodes = album.workspace.nodes as Record<string, { id: string; type: string; parentId: string }>;
  const keep = stickerSpreadOf(album.workspace);
  const spread = Object.values(nodes).find(
    (node) => node.type === 'Spread' && node.parentId === nodes[keep]!.parentId && node.id !== keep,
  );
  if (!spread) throw new Error('fixture has no second content spread');
  const status = await mutate(app, token, album.id, [{ op: 'remove', path: `/nodes/${spread.id}` }]);
  return { status, spread };
}

/** Puts a node back (the spread removeLastContentSpread answered). */
export async function addNode(
  app: FastifyInstance,
  token: string,
  albumId: string,
  node: Record<string, unknown>,
): Promise<number> {
  return mutate(app, token, albumId, [{ op: 'add', path: `/nodes/${String(node.id)}`, value: node }]);
}

async function mutate(
  app: FastifyInstance,
  token: string,
  albumId: string,
  patches: unknown[],
): Promise<number> {
  const current = await app.inject({
    method: 'GET',
    url: `/api/v1/albums/${albumId}`,
    headers: bearer(token),
  });
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/albums/${albumId}/mutations`,
    headers: bearer(token),
    payload: {
      patches,
      version: current.json().version as number,
      clientId: 'order-tests',
      mutationId: `order-test-${randomUUID()}`,
    },
  });
  return response.statusCode;
}
