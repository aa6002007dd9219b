-- The orders' search text is computed before the update from the NEW row: order_search_text_of(id) reads the
-- stored row, which still holds the old e-mail and album, so a changed e-mail stayed findable by the old address.
CREATE OR REPLACE FUNCTION orders_refresh_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := (
    SELECT lower(concat_ws(' ', 'sb-' || NEW.number, NEW.email, a.first_name, a.last_name, a.organization, al.title, al.identifier))
    FROM (SELECT 1) AS one
    LEFT JOIN addresses a ON a.order_id = NEW.id
    LEFT JOIN albums al ON al.id = NEW.album_id
    LIMIT 1
  );
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE orders SET search_text = coalesce(order_search_text_of(id), '');
