DROP INDEX "email_outbox_due_idx";--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "text" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "user_id" text;--> statement-breakpoint
-- Every email so far was for a user, at the address the account still has (it cannot change).
UPDATE "email_outbox" SET "user_id" = "users"."id" FROM "users" WHERE lower("users"."email") = lower("email_outbox"."recipient");--> statement-breakpoint
-- What matches no account was for a deleted one: it goes, as it would have with the account.
DELETE FROM "email_outbox" WHERE "user_id" IS NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "user_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_user_idx" ON "email_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_outbox_sent_body_idx" ON "email_outbox" USING btree ("sent_at") WHERE "email_outbox"."sent_at" is not null and "email_outbox"."text" is not null;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."sent_at" is null and "email_outbox"."failed_at" is null;