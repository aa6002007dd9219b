-- Trigram search for the admin dashboard (issue 14). pg_trgm is a trusted extension on PostgreSQL 13+; the
-- embedded PGlite loads it at start (db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "order_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"email" text NOT NULL,
	"content" text NOT NULL,
	"completed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "stage" text DEFAULT 'review' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_comments" ADD CONSTRAINT "order_comments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_comments" ADD CONSTRAINT "order_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_comments_order_idx" ON "order_comments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "albums_created_idx" ON "albums" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "albums_release_idx" ON "albums" USING btree ("release_date","id");--> statement-breakpoint
CREATE INDEX "albums_updated_idx" ON "albums" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "albums_has_order_created_idx" ON "albums" USING btree ("has_order","created_at","id");--> statement-breakpoint
CREATE INDEX "albums_search_idx" ON "albums" USING gin (lower("title" || ' ' || "identifier") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_release_idx" ON "orders" USING btree ("release_date","id");--> statement-breakpoint
CREATE INDEX "orders_stage_created_idx" ON "orders" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_stage_release_idx" ON "orders" USING btree ("stage","release_date","id");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
-- orders.stage follows the timeline: shipped once albums_shipped/shipped is there; else shipment once the files
-- reached the printer; else transfer once the design is approved (the customer's print approval or staff's
-- review_completed, unless feedback came after it); else review.
CREATE OR REPLACE FUNCTION order_stage_of(p_order uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN EXISTS (SELECT 1 FROM order_updates WHERE order_id = p_order AND signal IN ('albums_shipped', 'shipped')) THEN 'shipped'
    WHEN EXISTS (SELECT 1 FROM order_updates WHERE order_id = p_order AND signal = 'transfer_completed') THEN 'shipment'
    WHEN (SELECT signal FROM order_updates
          WHERE order_id = p_order AND signal IN ('print_approved', 'review_completed', 'review_feedback')
          ORDER BY created_at DESC, id DESC LIMIT 1) IN ('print_approved', 'review_completed') THEN 'transfer'
    ELSE 'review'
  END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_updates_refresh_stage() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.order_id ELSE NEW.order_id END;
BEGIN
  UPDATE orders SET stage = order_stage_of(changed) WHERE id = changed;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER order_updates_stage AFTER INSERT OR UPDATE OR DELETE ON order_updates
  FOR EACH ROW EXECUTE FUNCTION order_updates_refresh_stage();--> statement-breakpoint
-- orders.search_text: what the dashboard's search box finds an order by, lower-case.
CREATE OR REPLACE FUNCTION order_search_text_of(p_order uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(' ', 'sb-' || o.number, o.email, a.first_name, a.last_name, a.organization, al.title, al.identifier))
  FROM orders o
  LEFT JOIN addresses a ON a.order_id = o.id
  LEFT JOIN albums al ON al.id = o.album_id
  WHERE o.id = p_order
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION addresses_refresh_order_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET search_text = order_search_text_of(NEW.order_id) WHERE id = NEW.order_id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER addresses_order_search AFTER INSERT OR UPDATE ON addresses
  FOR EACH ROW EXECUTE FUNCTION addresses_refresh_order_search();--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_refresh_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := coalesce(order_search_text_of(NEW.id), lower(concat_ws(' ', 'sb-' || NEW.number, NEW.email)));
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_search BEFORE UPDATE OF email, album_id ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_refresh_search();--> statement-breakpoint
UPDATE orders SET stage = order_stage_of(id), search_text = coalesce(order_search_text_of(id), '');
--> statement-breakpoint
-- The dashboard's count badges without counting 100,000 rows per request: one row per count, kept by triggers.
CREATE TABLE dashboard_counters (key text PRIMARY KEY, n bigint NOT NULL DEFAULT 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_counters_refresh() RETURNS void LANGUAGE sql AS $$
  DELETE FROM dashboard_counters;
  INSERT INTO dashboard_counters (key, n)
    SELECT 'orders:' || s, (SELECT count(*) FROM orders WHERE stage = s) FROM unnest(ARRAY['review','transfer','shipment','shipped']) AS s
    UNION ALL SELECT 'albums:all', (SELECT count(*) FROM albums)
    UNION ALL SELECT 'albums:with_order', (SELECT count(*) FROM albums WHERE has_order);
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_count(p_key text, p_delta int) RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_counters (key, n) VALUES (p_key, p_delta)
    ON CONFLICT (key) DO UPDATE SET n = dashboard_counters.n + p_delta;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION orders_count_stage() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM dashboard_count('orders:' || OLD.stage, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM dashboard_count('orders:' || NEW.stage, 1); END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER orders_stage_count AFTER INSERT OR DELETE OR UPDATE OF stage ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_count_stage();--> statement-breakpoint
CREATE OR REPLACE FUNCTION albums_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM dashboard_count('albums:all', 1);
    IF NEW.has_order THEN PERFORM dashboard_count('albums:with_order', 1); END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM dashboard_count('albums:all', -1);
    IF OLD.has_order THEN PERFORM dashboard_count('albums:with_order', -1); END IF;
  ELSIF OLD.has_order IS DISTINCT FROM NEW.has_order THEN
    PERFORM dashboard_count('albums:with_order', CASE WHEN NEW.has_order THEN 1 ELSE -1 END);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER albums_dashboard_count AFTER INSERT OR DELETE OR UPDATE OF has_order ON albums
  FOR EACH ROW EXECUTE FUNCTION albums_count();--> statement-breakpoint
SELECT dashboard_counters_refresh();
