-- Hand-written: the directory's "Hiring" filter and each list item's count of open roles come
-- from the in-process index (ADR 018), which holds each published organization's roles'
-- closing dates. A write to organization_roles that changes whether a role may be open (its
-- organization, closing date, closed or held mark) bumps the directory version and records
-- the organizations it touched, in the writing transaction, as directory_record_change()
-- (migrations 0006, 0014) does for organizations: every process's index reads them again on
-- its next list request. Only published organizations count; an organization deleted with its
-- roles (the cascade) is recorded by the organizations trigger. Nothing goes to
-- directory_prior_states (migration 0017): saved searches do not filter on open roles, so a
-- role changes nothing an alert compares. Roles expiring by date need no write: the index
-- counts them for its own today.
CREATE FUNCTION directory_record_role_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
  next_version bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT organization_id) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT organization_id) INTO changed FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT touched.organization_id) INTO changed
    FROM new_rows AS new_row JOIN old_rows AS old_row ON old_row.id = new_row.id
    CROSS JOIN LATERAL (VALUES (new_row.organization_id), (old_row.organization_id))
      AS touched (organization_id)
    WHERE (new_row.organization_id, new_row.closes_on, new_row.closed_at, new_row.held_at)
          IS DISTINCT FROM
          (old_row.organization_id, old_row.closes_on, old_row.closed_at, old_row.held_at);
  END IF;
  SELECT array_agg(id) INTO changed FROM organizations WHERE published AND id = ANY(changed);
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
CREATE TRIGGER organization_roles_directory_insert AFTER INSERT ON organization_roles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_record_role_change();
--> statement-breakpoint
CREATE TRIGGER organization_roles_directory_update AFTER UPDATE ON organization_roles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_record_role_change();
--> statement-breakpoint
CREATE TRIGGER organization_roles_directory_delete AFTER DELETE ON organization_roles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_record_role_change();
