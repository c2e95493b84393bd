-- Keeps directory_counts exact: every statement that inserts, updates or deletes organizations
-- takes back what its old rows counted and adds what its new rows count, in the same
-- transaction. Statement-level triggers with transition tables make a bulk insert one update.
-- Each published organization counts once for every pair (filter category, category) drawn
-- from its categories plus '' (no filter / the total), in its own country and in '*'.
CREATE FUNCTION directory_counts_delta(rows_changed jsonb, sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO directory_counts (country, filter_category_id, category_id, organizations)
  SELECT scope.country, filter_category.id, category.id, sign * count(*)::int
  FROM jsonb_to_recordset(rows_changed) AS changed(country text, category_ids text[], published boolean),
       LATERAL unnest(changed.category_ids || ARRAY['']::text[]) AS filter_category(id),
       LATERAL unnest(changed.category_ids || ARRAY['']::text[]) AS category(id),
       LATERAL (VALUES (changed.country), ('*')) AS scope(country)
  WHERE changed.published
  GROUP BY scope.country, filter_category.id, category.id
  ON CONFLICT (filter_category_id, country, category_id)
  DO UPDATE SET organizations = directory_counts.organizations + excluded.organizations;
$$;
--> statement-breakpoint
CREATE FUNCTION directory_counts_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM directory_counts_delta(
      (SELECT coalesce(jsonb_agg(jsonb_build_object('country', country, 'category_ids', category_ids, 'published', published)), '[]'::jsonb)
       FROM old_rows WHERE published),
      -1);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM directory_counts_delta(
      (SELECT coalesce(jsonb_agg(jsonb_build_object('country', country, 'category_ids', category_ids, 'published', published)), '[]'::jsonb)
       FROM new_rows WHERE published),
      1);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_counts_insert AFTER INSERT ON organizations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER organizations_counts_update AFTER UPDATE ON organizations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_counts_on_change();
--> statement-breakpoint
CREATE TRIGGER organizations_counts_delete AFTER DELETE ON organizations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION directory_counts_on_change();
--> statement-breakpoint
SELECT directory_counts_delta(
  (SELECT coalesce(jsonb_agg(jsonb_build_object('country', country, 'category_ids', category_ids, 'published', published)), '[]'::jsonb)
   FROM organizations WHERE published),
  1);
