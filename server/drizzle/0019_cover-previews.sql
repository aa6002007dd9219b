CREATE TABLE "album_cover_previews" (
	"album_id" text PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"content_hash" text NOT NULL,
	"checked_version" integer NOT NULL,
	"rendered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "album_cover_previews" ADD CONSTRAINT "album_cover_previews_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;