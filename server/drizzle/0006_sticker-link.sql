CREATE TABLE "sticker_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"album_id" text NOT NULL,
	"image_id" text,
	"name" text NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"position" text DEFAULT '' NOT NULL,
	"section_id" text,
	"client_id" text NOT NULL,
	"details" jsonb NOT NULL,
	"merged_at" timestamp with time zone,
	"sticker_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sticker_uploads" ADD CONSTRAINT "sticker_uploads_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sticker_uploads" ADD CONSTRAINT "sticker_uploads_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sticker_uploads_album_idx" ON "sticker_uploads" USING btree ("album_id");--> statement-breakpoint
CREATE INDEX "sticker_uploads_client_idx" ON "sticker_uploads" USING btree ("client_id");