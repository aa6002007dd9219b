/** The set-based inserts behind `npm run seed:orders` (seed-orders.ts) and the dashboard bench. */
import type { Database } from '../db/database.ts';

const FIRST = [
  'Anna',
  'Ben',
  'Clara',
  'David',
  'Emma',
  'Felix',
  'Greta',
  'Hugo',
  'Ida',
  'Jonas',
  'Kira',
  'Luca',
];
const LAST = [
  'Müller',
  'Schmidt',
  'Schneider',
  'Fischer',
  'Weber',
  'Meyer',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Koch',
];
const EVENTS = ['Hochzeit', 'Sommerfest', 'Vereinsjubiläum', 'Abschlussfeier', 'Firmenfeier', 'Saison'];

const textArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Inserts `count` orders (and as many albums, addresses, line items and timeline updates). The stage and search
 * columns the dashboard reads are written directly, the same values the triggers of migration 0014 compute, so
 * the seed does not pay a trigger per row.
 */
export async function seedOrders(database: Database, count: number): Promise<void> {
  const sqlText = `
    INSERT INTO users (email, nickname) VALUES ('seed-customer@stickerbook.local', 'Seed customer')
      ON CONFLICT (email) DO NOTHING;
    CREATE TEMP TABLE seed_orders AS
      SELECT n,
        gen_random_uuid() AS order_id,
        'seed' || substr(md5(random()::text), 1, 18) || n AS album_id,
        (${textArray(FIRST)})[1 + n % ${FIRST.length}] AS first_name,
        (${textArray(LAST)})[1 + (n / 7) % ${LAST.length}] AS last_name,
        (${textArray(EVENTS)})[1 + (n / 3) % ${EVENTS.length}] || ' ' || n AS title,
        now() - (n * interval '10 minutes') AS created_at,
        (current_date + ((n * 37) % 700 - 200))::text AS release_date,
        (ARRAY['review','transfer','shipment','shipped'])[1 + (n * 13) % 4] AS stage
      FROM generate_series(1, ${count}) AS n;
    INSERT INTO albums (id, owner_identifier, title, release_date, language, category, identifier, workspace, has_order, last_order_id, created_at, updated_at)
      SELECT album_id, (SELECT id::text FROM users WHERE email = 'seed-customer@stickerbook.local'), title, release_date,
        'de', 'wedding', 'S' || upper(substr(md5(album_id), 1, 4)) || n, '{"rootId":"root","nodes":{}}'::jsonb, true, order_id, created_at, created_at
      FROM seed_orders;
    INSERT INTO orders (id, user_id, album_id, language, currency, subtotal, shipping_amount, amount, amount_gross, tax_value,
        vat_basis_points, no_albums, sticker_packaging_type, email, release_date, idempotency_key, request_hash, stage, search_text, created_at)
      SELECT order_id, (SELECT id FROM users WHERE email = 'seed-customer@stickerbook.local'), album_id, 'de', 'EUR', 23000, 950, 23950,
        28500, 4550, 1900, 50, 'stickerpack', lower(first_name) || '.' || n || '@example.com', release_date, 'seed-' || order_id, 'seed', stage,
        '', created_at
      FROM seed_orders
      ON CONFLICT DO NOTHING;
    INSERT INTO addresses (order_id, first_name, last_name, address1, zip_code, city, country_code)
      SELECT order_id, first_name, last_name, 'Musterweg ' || (n % 200 + 1), lpad((10000 + n % 89999)::text, 5, '0'), 'Berlin', 'DE'
      FROM seed_orders;
    INSERT INTO line_items (order_id, position, product, kind, titles, quantity, unit_amount, amount, amount_gross)
      SELECT order_id, 0, 'album', 'product', '{"de":"Stickeralbum","en":"Sticker album"}'::jsonb, 50, 460, 23000, 27370
      FROM seed_orders;
    INSERT INTO order_updates (order_id, signal, created_at)
      SELECT order_id, signal, created_at + interval '1 day' * ord
      FROM seed_orders,
        LATERAL unnest(CASE stage
          WHEN 'review' THEN ARRAY['order_placed']
          WHEN 'transfer' THEN ARRAY['order_placed','review_completed']
          WHEN 'shipment' THEN ARRAY['order_placed','review_completed','transfer_completed']
          ELSE ARRAY['order_placed','review_completed','transfer_completed','albums_shipped'] END) WITH ORDINALITY AS u(signal, ord);
    UPDATE orders o SET search_text = lower(concat_ws(' ', 'sb-' || o.number, o.email, s.first_name, s.last_name, s.title, al.identifier))
      FROM seed_orders s JOIN albums al ON al.id = s.album_id WHERE o.id = s.order_id;
    DROP TABLE seed_orders;
    SELECT dashboard_counters_refresh();
  `;
  // The order_updates and addresses triggers would recompute what the seed writes directly; replica mode skips them.
  await database.executeSql(
    `SET session_replication_role = replica; ${sqlText} SET session_replication_role = DEFAULT;`,
  );
  // What autovacuum does after a bulk load on PostgreSQL (and dashboard-upkeep.ts on PGlite): statistics for the
  // planner, the search_text rewrite's old row versions cleared, the visibility map set for index-only scans.
  // VACUUM cannot run inside the multi-statement script above (an implicit transaction).
  await database.executeSql('VACUUM (ANALYZE) orders, albums, order_updates, addresses, line_items');
}
