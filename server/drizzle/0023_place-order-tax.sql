-- Issue 21 §4/§5: placing an order stores the buyer's tax data (columns of 0022_buyer-tax): the VAT id, the
-- Leitweg-ID and the tax treatment the order was priced under. place_order of 0021_orders-hot-path, with these
-- three columns in its INSERT; everything else is unchanged. An input without tax_treatment (an older caller)
-- keeps the column's default, 'standard'.
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
      quote_name, release_date, voucher, buyer_vat_id, buyer_reference, tax_treatment, idempotency_key,
      request_hash)
    SELECT r.id, r.user_id, r.album_id, r.language, r.currency, r.subtotal, r.shipping_amount, r.amount,
      r.amount_gross, r.tax_value, r.vat_basis_points, r.no_albums, r.sticker_packaging_type, r.order_features,
      r.email, r.phone, r.comment, r.quote_name, r.release_date, r.voucher, r.buyer_vat_id, r.buyer_reference,
      coalesce(r.tax_treatment, 'standard'), r.idempotency_key, r.request_hash
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
