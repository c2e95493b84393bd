-- Hand-written: the list of every open role (GET /api/roles, the /roles page; ADR 044) keeps
-- the open roles of published organizations in memory, in step with the directory's version
-- and change log as the directory index is (migration 0020). It shows a role's title, kind,
-- workplace and place and orders by the date posted, so an edit of any of those must move the
-- version too, not only what decides whether a role is open. Same function, more columns.
CREATE OR REPLACE FUNCTION directory_record_role_change() RETURNS trigger
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
    WHERE (new_row.organization_id, new_row.closes_on, new_row.closed_at, new_row.held_at,
           new_row.title, new_row.kind, new_row.workplace, new_row.country, new_row.city,
           new_row.remote_countries, new_row.posted_at)
          IS DISTINCT FROM
          (old_row.organization_id, old_row.closes_on, old_row.closed_at, old_row.held_at,
           old_row.title, old_row.kind, old_row.workplace, old_row.country, old_row.city,
           old_row.remote_countries, old_row.posted_at);
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
