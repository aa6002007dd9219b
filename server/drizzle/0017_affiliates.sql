CREATE TABLE "affiliate_albums" (
	"album_id" text PRIMARY KEY NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"marketing" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url_token" text NOT NULL,
	"url_source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "affiliates_url_token_unique" UNIQUE("url_token"),
	CONSTRAINT "affiliates_url_source_unique" UNIQUE("url_source")
);
--> statement-breakpoint
ALTER TABLE "affiliate_albums" ADD CONSTRAINT "affiliate_albums_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_albums_affiliate_created_idx" ON "affiliate_albums" USING btree ("affiliate_id","created_at");