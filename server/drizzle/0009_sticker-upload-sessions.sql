ALTER TABLE "sticker_uploads" ADD COLUMN "session_id" text;--> statement-breakpoint
ALTER TABLE "sticker_uploads" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sticker_uploads" SET "notified_at" = "created_at";--> statement-breakpoint
CREATE INDEX "sticker_uploads_session_idx" ON "sticker_uploads" USING btree ("session_id");