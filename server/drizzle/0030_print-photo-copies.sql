CREATE TABLE "print_photo_copies" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"album_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_photo_copies" ADD CONSTRAINT "print_photo_copies_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "print_photo_copies_album_idx" ON "print_photo_copies" USING btree ("album_id");