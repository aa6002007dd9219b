CREATE TABLE "image_edit_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image_id" text NOT NULL,
	"album_id" text NOT NULL,
	"created_by" text NOT NULL,
	"prompt" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"partial_images" integer DEFAULT 0 NOT NULL,
	"stream_token_hash" text NOT NULL,
	"result_image_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_photos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "stock_photos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text DEFAULT '' NOT NULL,
	"photographer" text NOT NULL,
	"photographer_url" text,
	"alt" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"blob_id" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"files" jsonb NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "image_edit_jobs" ADD CONSTRAINT "image_edit_jobs_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_edit_jobs" ADD CONSTRAINT "image_edit_jobs_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_photos" ADD CONSTRAINT "stock_photos_blob_id_blobs_id_fk" FOREIGN KEY ("blob_id") REFERENCES "public"."blobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_edit_jobs_image_idx" ON "image_edit_jobs" USING btree ("image_id");--> statement-breakpoint
CREATE INDEX "stock_photos_created_idx" ON "stock_photos" USING btree ("created_at");