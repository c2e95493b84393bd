CREATE TABLE "newsletter_deliveries" (
	"subscriber_id" uuid NOT NULL,
	"month" date NOT NULL,
	"outbox_id" bigint,
	CONSTRAINT "newsletter_deliveries_subscriber_id_month_pk" PRIMARY KEY("subscriber_id","month")
);
--> statement-breakpoint
CREATE TABLE "newsletter_digests" (
	"month" date PRIMARY KEY NOT NULL,
	"digest_line" text NOT NULL,
	"organizations" integer NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "newsletter_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"digest_line" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_settings_one_row" CHECK ("newsletter_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "organization_first_published" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "confirmation_sent_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "newsletter_subscriber_id" uuid;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_first_published" ADD CONSTRAINT "organization_first_published_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_month_idx" ON "newsletter_deliveries" USING btree ("month");--> statement-breakpoint
CREATE INDEX "organization_first_published_at_idx" ON "organization_first_published" USING btree ("at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_newsletter_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("newsletter_subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_token_idx" ON "newsletter_subscribers" USING btree ("confirm_token_hash");--> statement-breakpoint
CREATE INDEX "newsletter_subscribers_pending_idx" ON "newsletter_subscribers" USING btree ("confirmation_sent_at") WHERE "newsletter_subscribers"."confirmed_at" is null;--> statement-breakpoint
CREATE INDEX "email_outbox_newsletter_subscriber_idx" ON "email_outbox" USING btree ("newsletter_subscriber_id");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_one_owner" CHECK (("email_outbox"."user_id" is null) <> ("email_outbox"."newsletter_subscriber_id" is null));--> statement-breakpoint
-- Addresses given before double opt-in were never proven to be their owners': they stay
-- pending, are never emailed, and leave with the other unconfirmed addresses 7 days from now
-- (confirmation_sent_at took now() above). Their owners may subscribe again (ADR 033).
-- An organization is new in the digest of the month it was first published: the trigger notes
-- it whichever path publishes it (checkout, guest code, an operator's release, the CLI, seeding).
-- Those published before this migration count from their creation.
INSERT INTO "organization_first_published" ("organization_id", "at")
SELECT "id", "created_at" FROM "organizations" WHERE "published";
--> statement-breakpoint
-- Per statement, over the rows it wrote: seeding a hundred thousand rows adds one insert.
CREATE FUNCTION organization_note_first_published() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO organization_first_published (organization_id)
  SELECT id FROM new_rows WHERE published
  ON CONFLICT (organization_id) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organization_first_published_insert AFTER INSERT ON organizations
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION organization_note_first_published();
--> statement-breakpoint
CREATE TRIGGER organization_first_published_update AFTER UPDATE ON organizations
REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION organization_note_first_published();
