CREATE TABLE "mail_deliveries" (
	"key" text PRIMARY KEY NOT NULL,
	"delivered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_mails" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;