ALTER TABLE "orders" ADD COLUMN "album_title" text;--> statement-breakpoint
-- An order keeps what it needs of its album when the album is deleted (issue 22): its title. Whatever deletes the
-- album (the owner, an admin, an account deletion), the order's title is written first.
CREATE OR REPLACE FUNCTION orders_keep_album_title() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET album_title = OLD.title WHERE album_id = OLD.id;
  RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER albums_keep_title_on_orders BEFORE DELETE ON albums
  FOR EACH ROW EXECUTE FUNCTION orders_keep_album_title();
