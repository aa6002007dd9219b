CREATE TABLE "blobs" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_identifier" text NOT NULL,
	"storage_key" text NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"checksum" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"album_id" text NOT NULL,
	"uploader_identifier" text NOT NULL,
	"model" text NOT NULL,
	"blob_id" text NOT NULL,
	"content_type" text NOT NULL,
	"filename" text NOT NULL,
	"details" jsonb NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"variants" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"variants_state" text DEFAULT 'queued' NOT NULL,
	"variants_error" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"blueprint_image" boolean DEFAULT false NOT NULL,
	"original_image_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blobs_owner_idx" ON "blobs" USING btree ("owner_identifier");--> statement-breakpoint
CREATE INDEX "images_album_idx" ON "images" USING btree ("album_id");