ALTER TABLE "album_mutations" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "album_mutations" ADD COLUMN "mutation_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "album_mutations_mutation_idx" ON "album_mutations" USING btree ("album_id","mutation_id");