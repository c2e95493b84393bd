CREATE TABLE "role_openings" (
	"version" bigint NOT NULL,
	"role_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_openings_version_role_id_pk" PRIMARY KEY("version","role_id")
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "follows" text DEFAULT 'organizations' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "hiring" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "kinds" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD COLUMN "remote" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_follows" CHECK ("saved_searches"."follows" in ('organizations', 'roles'));
--> statement-breakpoint
-- Hand-written (ADR 046): the roles posted, with the directory version their posting made, for
-- saved searches that follow roles. It runs after migration 0020's directory_record_role_change()
-- in the same statement (triggers on one event fire in name order, and "directory_insert" comes
-- before "openings"), which moved the version for the published organizations among new_rows;
-- roles of an unpublished organization moved nothing and are not recorded (nobody sees them).
CREATE FUNCTION role_record_openings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO role_openings (version, role_id, organization_id)
  SELECT (SELECT version FROM directory_state), new_row.id, new_row.organization_id
  FROM new_rows AS new_row
  WHERE new_row.organization_id IN (SELECT id FROM organizations WHERE published);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organization_roles_openings AFTER INSERT ON organization_roles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION role_record_openings();
