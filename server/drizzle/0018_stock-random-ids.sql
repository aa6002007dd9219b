ALTER TABLE "stock_photos" ALTER COLUMN "id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "stock_photos" ALTER COLUMN "id" DROP IDENTITY;