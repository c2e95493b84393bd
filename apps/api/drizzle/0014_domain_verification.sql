CREATE TABLE "domain_verification_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"domain" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "verified_domain" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domain_verification_codes" ADD CONSTRAINT "domain_verification_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_verification_codes_organization_idx" ON "domain_verification_codes" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "domain_verification_codes_user_idx" ON "domain_verification_codes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "domain_verification_codes_domain_idx" ON "domain_verification_codes" USING btree ("domain","created_at");--> statement-breakpoint
-- The directory shows the Verified badge and filters by it: a change of it is a change the
-- directory records (migration 0006's function, with the two new columns).
CREATE OR REPLACE FUNCTION directory_record_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
  next_version bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(id) INTO changed FROM new_rows WHERE published;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(id) INTO changed FROM old_rows WHERE published;
  ELSE
    SELECT array_agg(new_row.id) INTO changed
    FROM new_rows AS new_row JOIN old_rows AS old_row ON old_row.id = new_row.id
    WHERE (new_row.published OR old_row.published)
      AND (new_row.published, new_row.name, new_row.description, new_row.location, new_row.logo,
           new_row.country, new_row.category_ids, new_row.verified_domain, new_row.verified_at)
          IS DISTINCT FROM
          (old_row.published, old_row.name, old_row.description, old_row.location, old_row.logo,
           old_row.country, old_row.category_ids, old_row.verified_domain, old_row.verified_at);
  END IF;
  IF changed IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE directory_state SET version = version + 1 RETURNING version INTO next_version;
  INSERT INTO directory_changes (version, organization_ids)
  VALUES (next_version, CASE WHEN cardinality(changed) > 10000 THEN NULL ELSE changed END);
  DELETE FROM directory_changes WHERE version <= next_version - 10000;
  RETURN NULL;
END;
$$;
