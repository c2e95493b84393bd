-- The directory lists and counts from an in-process index (ADR 018) instead of directory_counts
-- and the GIN indexes. What the index needs from the database is a way to know it is behind:
-- a version that goes up, in the writing transaction, with every statement that changes what
-- the directory shows, and which organizations each version changed.
DROP TRIGGER organizations_counts_insert ON organizations;
--> statement-breakpoint
DROP TRIGGER organizations_counts_update ON organizations;
--> statement-breakpoint
DROP TRIGGER organizations_counts_delete ON organizations;
--> statement-breakpoint
DROP FUNCTION directory_counts_on_change();
--> statement-breakpoint
DROP FUNCTION directory_counts_apply(jsonb, jsonb);
--> statement-breakpoint
DROP FUNCTION directory_counts_delta(jsonb, integer);
--> statement-breakpoint
DROP TABLE "directory_counts" CASCADE;
--> statement-breakpoint
DROP INDEX "organizations_published_name_idx";
--> statement-breakpoint
DROP INDEX "organizations_published_categories_idx";
--> statement-breakpoint
DROP INDEX "organizations_published_search_idx";
--> statement-breakpoint
CREATE TABLE "directory_changes" (
	"version" bigint PRIMARY KEY NOT NULL,
	"organization_ids" uuid[],
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_state" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "directory_state_single_row" CHECK ("directory_state"."singleton")
);
--> statement-breakpoint
INSERT INTO directory_state DEFAULT VALUES;
--> statement-breakpoint
-- The version row is updated last in the statement and held until commit, so versions commit
-- in order and without gaps: a reader that sees version n sees every change up to n. Rows that
-- were and stay unpublished, and edits of columns the directory does not show (the banner,
-- links, founding year), move nothing. More than 10,000 organizations in one statement are recorded as "all" (null).
CREATE FUNCTION directory_record_change() RETURNS trigger
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
           new_row.country, new_row.category_ids)
          IS DISTINCT FROM
          (old_row.published, old_row.name, old_row.description, old_row.location, old_row.logo,
           old_row.country, old_row.category_ids);
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
--> statement-breakpoint
CREATE TRIGGER organizations_directory_insert AFTER INSERT ON organizations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_record_change();
--> statement-breakpoint
CREATE TRIGGER organizations_directory_update AFTER UPDATE ON organizations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_record_change();
--> statement-breakpoint
CREATE TRIGGER organizations_directory_delete AFTER DELETE ON organizations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_record_change();
