CREATE TABLE "album_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"album_id" text NOT NULL,
	"email" text NOT NULL,
	"inviter_id" uuid,
	"token" text NOT NULL,
	"accepted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "album_invitations_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "album_invitations" ADD CONSTRAINT "album_invitations_album_id_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "album_invitations" ADD CONSTRAINT "album_invitations_inviter_id_users_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "album_invitations_album_idx" ON "album_invitations" USING btree ("album_id");