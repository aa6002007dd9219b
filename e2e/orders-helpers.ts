/**
 * What the order browser tests share: a customer's wedding album that passes the order preflight, an order of it
 * placed through the API as the checkout places it, and a page signed in as the admin.
 */
import { randomUUID } from 'node:crypto';
import { type AlbumDocument } from '@stickerbook/model';
import { fillStickerCellsPatches } from '@stickerbook/model/testing';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, apiCall, logInApi, newPage, signInWithSession } from './harness.ts';

/** An event date a year ahead: far enough for every product's delivery time. */
export const releaseDate = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);

interface AlbumDoc {
  workspace: AlbumDocument;
  version: number;
}

/** A wedding album (SPEC §1 category) of the token's user in `language`, its event a year ahead; answers its id. */
export async function weddingAlbum(
  baseUrl: string,
  token: string,
  language: string,
  title: string,
): Promise<string> {
  const { blueprints } = await apiCall<{ blueprints: Array<{ id: string; blueprint_category: string }> }>(
    baseUrl,
    '/blueprints',
  );
  const wedding = blueprints.find((blueprint) => blueprint.blueprint_category === 'wedding');
  if (!wedding) throw new Error('no wedding blueprint seeded');
  const album = await apiCall<{ id: string }>(baseUrl, '/albums', {
    method: 'POST',
    token,
    body: { blueprint_id: wedding.id, title, language, release_date: releaseDate() },
  });
  return album.id;
}

/** Puts a named sticker into every empty cell, so the album passes the order preflight. */
export async function fillStickerCells(baseUrl: string, token: string, albumId: string): Promise<void> {
  const album = await apiCall<AlbumDoc>(baseUrl, `/albums/${albumId}`, { token });
  await apiCall(baseUrl, `/albums/${albumId}/mutations`, {
    method: 'POST',
    token,
    body: {
      patches: fillStickerCellsPatches(album.workspace, 'e2e-guest'),
      version: album.version,
      clientId: 'e2e-orders',
      mutationId: randomUUID(),
    },
  });
}

/** A wedding album with every sticker cell filled: ready to order. */
export async function orderableAlbum(
  baseUrl: string,
  token: string,
  language: string,
  title: string,
): Promise<string> {
  const albumId = await weddingAlbum(baseUrl, token, language, title);
  await fillStickerCells(baseUrl, token, albumId);
  return albumId;
}

/** Who orders: the checkout's contact step. */
export interface Customer {
  firstName: string;
  lastName: string;
  email: string;
  address1: string;
}

const ANNA: Customer = {
  firstName: 'Anna',
  lastName: 'Muster',
  email: 'anna.muster@example.org',
  address1: 'Hauptstraße 12',
};

/**
 * POST /orders as docs/api-contract.md has it: the checkout form (50 albums in sticker packs to 10115 Berlin),
 * with an idempotency key. Answers the order's id.
 */
export async function placeOrder(
  baseUrl: string,
  token: string,
  albumId: string,
  customer: Partial<Customer> = {},
): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/orders`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      album_id: albumId,
      ...ANNA,
      ...customer,
      areaCode: '+49',
      phone: '171 2345678',
      zipCode: '10115',
      city: 'Berlin',
      countryCode: 'DE',
      noAlbums: 50,
      orderFeatures: [],
      stickerPackagingType: 'stickerpack',
      releaseDate: releaseDate(),
      printConsent: true,
    }),
  });
  if (response.status !== 201) throw new Error(`POST /orders: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { order: { id: string } }).order.id;
}

/** A new page (newPage's options), signed in as the stack's admin (ADMIN_EMAIL). */
export async function adminPage(
  browser: Browser,
  baseUrl: string,
  options: Parameters<typeof newPage>[2],
): Promise<{ context: BrowserContext; page: Page }> {
  const admin = await logInApi(baseUrl, ADMIN);
  const opened = await newPage(browser, baseUrl, options);
  await signInWithSession(opened.page, admin);
  return opened;
}
