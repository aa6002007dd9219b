import type { EsvecoJsonView } from '@stickerbook/api';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { albums } from '../db/schema.ts';
import { loadOrderParts, type OrderRow } from './repository.ts';
import { toOrderView } from './view.ts';

/** The print PDFs an artifact carries, in SPEC §9 preset order; the JSON lists them so the partner can check. */
export const ARTIFACT_PRESETS = [
  'album_softcover_inside',
  'album_softcover',
  'stickers',
  'stickerpack',
] as const;

/** The order as the print partner reads it: order, address, lines, album statistics and the artifact's files. */
export async function esvecoJson(db: Db, order: OrderRow): Promise<EsvecoJsonView> {
  const view = toOrderView(order, await loadOrderParts(db, [order]), 'en');
  const [album] = order.albumId
    ? await db
        .select({
          id: albums.id,
          identifier: albums.identifier,
          title: albums.title,
          workspace: albums.workspace,
        })
        .from(albums)
        .where(eq(albums.id, order.albumId))
    : [];
  const nodes = album ? Object.values(album.workspace.nodes) : [];
  return {
    order: {
      id: view.id,
      number: view.number,
      name: view.name,
      email: view.email,
      phone: view.phone,
      comment: view.comment,
      currency: view.currency,
      amount: view.amount,
      amount_gross: view.amount_gross,
      tax_value: view.tax_value,
      created_at: view.created_at,
      release_date: order.releaseDate,
      no_albums: view.no_albums,
      sticker_packaging_type: view.sticker_packaging_type,
      order_features: view.order_features,
    },
    address: view.shipping_address,
    lines: view.line_items.map(({ product, title, quantity, unit_amount, amount, amount_gross }) => ({
      product,
      title,
      quantity,
      unit_amount,
      amount,
      amount_gross,
    })),
    album: album
      ? {
          id: album.id,
          identifier: album.identifier,
          title: album.title,
          statistics: {
            sections: nodes.filter((node) => node.type === 'Section').length,
            spreads: nodes.filter((node) => node.type === 'Spread').length,
            stickers: Object.keys(album.workspace.stickers).length,
          },
        }
      : null,
    files: ARTIFACT_PRESETS.map((preset) => ({ name: `${preset}.pdf`, preset })),
  };
}
