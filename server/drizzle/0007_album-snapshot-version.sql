ALTER TABLE "albums" ADD COLUMN "snapshot_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every stored document so far reflects its album's version.
UPDATE "albums" SET "snapshot_version" = "version";
