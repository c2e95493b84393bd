-- Hand-written (ADR 034): what each directory change replaced, for saved-search alerts. It runs
-- after migration 0014's directory_record_change() in the same statement (triggers on one event
-- fire in name order, and "directory" comes before "prior_states"), with the same condition, so
-- every version that function records has the prior state of each organization it names,
-- under that version.
CREATE FUNCTION directory_record_prior_states() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  current_version bigint;
BEGIN
  SELECT version INTO current_version FROM directory_state;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO directory_prior_states (version, organization_id, listed)
    SELECT current_version, id, false FROM new_rows WHERE published;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO directory_prior_states
      (version, organization_id, listed, country, category_ids, verified, lexemes)
    SELECT current_version, id, true, country, category_ids, verified_domain IS NOT NULL,
           tsvector_to_array(search)
    FROM old_rows WHERE published;
  ELSE
    INSERT INTO directory_prior_states
      (version, organization_id, listed, country, category_ids, verified, lexemes)
    SELECT current_version, old_row.id, old_row.published, old_row.country, old_row.category_ids,
           old_row.verified_domain IS NOT NULL, tsvector_to_array(old_row.search)
    FROM new_rows AS new_row JOIN old_rows AS old_row ON old_row.id = new_row.id
    WHERE (new_row.published OR old_row.published)
      AND (new_row.published, new_row.name, new_row.description, new_row.location, new_row.logo,
           new_row.country, new_row.category_ids, new_row.verified_domain, new_row.verified_at)
          IS DISTINCT FROM
          (old_row.published, old_row.name, old_row.description, old_row.location, old_row.logo,
           old_row.country, old_row.category_ids, old_row.verified_domain, old_row.verified_at);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_prior_states_insert AFTER INSERT ON organizations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_record_prior_states();
--> statement-breakpoint
CREATE TRIGGER organizations_prior_states_update AFTER UPDATE ON organizations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_record_prior_states();
--> statement-breakpoint
CREATE TRIGGER organizations_prior_states_delete AFTER DELETE ON organizations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_record_prior_states();
