-- Checkout and orders (issue 13): the statements of the quote and of placing an order as PL/pgSQL functions, so
-- each connection plans them once and keeps the plans. Sent as plain SQL they were parsed and planned on every
-- request, which cost more than running them (on the embedded database about 2 ms of 2.5 for the order's reads).
--
-- Every price table as one JSON value (server/src/orders/price-tables.ts picks it apart).
CREATE OR REPLACE FUNCTION price_tables_json() RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'lists', (SELECT coalesce(json_agg(json_build_object('id', id, 'currency', currency, 'languages', languages,
      'isDefault', is_default)), '[]') FROM price_lists),
    'tiers', (SELECT coalesce(json_agg(json_build_object('list', price_list_id, 'product', product_key,
      'min', min_quantity, 'unit', unit_amount)), '[]') FROM product_prices),
    'products', (SELECT coalesce(json_agg(json_build_object('key', key, 'titles', titles,
      'descriptions', descriptions) ORDER BY sort, key), '[]') FROM products),
    'shipping', (SELECT coalesce(json_agg(json_build_object('list', price_list_id, 'country', country_code,
      'amount', amount)), '[]') FROM shipping_rates),
    'features', (SELECT coalesce(json_agg(json_build_object('key', f.key, 'per', f.per, 'titles', f.titles,
      'descriptions', f.descriptions, 'list', p.price_list_id, 'amount', p.amount) ORDER BY f.sort, f.key), '[]')
      FROM order_features f JOIN order_feature_prices p ON p.feature_key = f.key WHERE f.active),
    'vat', (SELECT coalesce(json_agg(json_build_object('country', country_code, 'bp', basis_points)), '[]')
      FROM vat_rates)
  );
END
$$;--> statement-breakpoint
-- What placing an order reads besides the album's access and preflight: an earlier order of the user with the
-- same Idempotency-Key, the album's fields, and the price tables (read fresh for every order).
CREATE OR REPLACE FUNCTION order_start(p_user uuid, p_key text, p_album text) RETURNS json LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN json_build_object(
    'existing', (SELECT json_build_object('id', o.id, 'amount', o.amount, 'amountGross', o.amount_gross,
      'currency', o.currency, 'albumId', o.album_id, 'releaseDate', o.release_date, 'requestHash', o.request_hash)
      FROM orders o WHERE o.user_id = p_user AND o.idempotency_key = p_key),
    'album', (SELECT json_build_object('id', a.id, 'title', a.title, 'releaseDate', a.release_date,
      'language', a.language, 'category', a.category, 'blueprintCategory', a.blueprint_category)
      FROM albums a WHERE a.id = p_album),
    'tables', price_tables_json()
  );
END
$$;--> statement-breakpoint
-- Every row of a new order in one statement: the voucher's use, the order, its address and line items, the first
-- update order_placed, the redemption, and the album's has_order/last_order_id/release date (updated_at too, so
-- cached album views are renewed). Returns the order number, or NULL when the voucher was used up meanwhile: its
-- conditional UPDATE (uses < max_uses) matched no row, and the order's INSERT requires the row it updated, so
-- nothing is written. Rows are made from the input with jsonb_populate_record: each column converts by its type.
CREATE OR REPLACE FUNCTION place_order(p_input jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  placed integer;
BEGIN
  WITH used AS (
    UPDATE vouchers v SET uses = v.uses + 1
    WHERE v.id = (p_input->>'voucher_id')::uuid
      AND (v.max_uses IS NULL OR v.uses < v.max_uses)
      AND (v.starts_at IS NULL OR v.starts_at <= (p_input->>'now')::timestamptz)
      AND (v.ends_at IS NULL OR v.ends_at > (p_input->>'now')::timestamptz)
    RETURNING v.id
  ),
  o AS (
    INSERT INTO orders (id, user_id, album_id, language, currency, subtotal, shipping_amount, amount, amount_gross,
      tax_value, vat_basis_points, no_albums, sticker_packaging_type, order_features, email, phone, comment,
      quote_name, release_date, voucher, idempotency_key, request_hash)
    SELECT r.id, r.user_id, r.album_id, r.language, r.currency, r.subtotal, r.shipping_amount, r.amount,
      r.amount_gross, r.tax_value, r.vat_basis_points, r.no_albums, r.sticker_packaging_type, r.order_features,
      r.email, r.phone, r.comment, r.quote_name, r.release_date, r.voucher, r.idempotency_key, r.request_hash
    FROM jsonb_populate_record(NULL::orders, p_input->'order') r
    WHERE p_input->>'voucher_id' IS NULL OR EXISTS (SELECT 1 FROM used)
    RETURNING id, number, user_id, album_id
  ),
  address AS (
    INSERT INTO addresses (order_id, organization, first_name, last_name, address1, address2, zip_code, city,
      country_code, phone)
    SELECT o.id, r.organization, r.first_name, r.last_name, r.address1, r.address2, r.zip_code, r.city,
      r.country_code, r.phone
    FROM o, jsonb_populate_record(NULL::addresses, p_input->'address') r
  ),
  items AS (
    INSERT INTO line_items (order_id, position, product, kind, titles, descriptions, quantity, unit_amount, amount,
      amount_gross)
    SELECT o.id, r.position, r.product, r.kind, r.titles, r.descriptions, r.quantity, r.unit_amount, r.amount,
      r.amount_gross
    FROM o, jsonb_populate_recordset(NULL::line_items, p_input->'line_items') r
  ),
  first_update AS (
    INSERT INTO order_updates (order_id, signal, user_id) SELECT o.id, 'order_placed', o.user_id FROM o
  ),
  redemption AS (
    INSERT INTO voucher_redemptions (voucher_id, order_id, user_id, discount)
    SELECT used.id, o.id, o.user_id, (p_input->>'discount')::int FROM used, o
  ),
  album AS (
    UPDATE albums SET has_order = true, last_order_id = o.id, release_date = p_input->>'release_date',
      updated_at = now()
    FROM o WHERE albums.id = o.album_id
  )
  SELECT o.number INTO placed FROM o;
  RETURN placed;
END
$$;
--> statement-breakpoint
-- repositories/albums.ts albumFreshness on the embedded database (PostgreSQL gets a named prepared statement):
-- access and change stamps of an album, the one statement of a checkout quote and of GET /albums/:id when cached.
CREATE OR REPLACE FUNCTION album_freshness(p_album text, p_user text)
RETURNS TABLE (version integer, updated_at timestamptz, organization_id uuid, owner_identifier text,
  member boolean, images_stamp text)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT a.version, a.updated_at, a.organization_id, a.owner_identifier,
    EXISTS (SELECT 1 FROM album_members m WHERE m.album_id = a.id AND m.user_id::text = p_user),
    (SELECT count(*)::text || ':' || coalesce(max(i.created_at)::text, '') FROM images i WHERE i.album_id = a.id)
  FROM albums a WHERE a.id = p_album;
END
$$;
