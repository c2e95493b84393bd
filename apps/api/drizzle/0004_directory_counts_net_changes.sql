-- The counts change by what a statement changes, net: an organization's old row takes back what
-- it counted and its new row adds, summed per counter first. An update that leaves publication,
-- country and categories alone (a new logo, a new description) then touches no counter at all,
-- so image uploads and edits of different organizations never wait for the shared total row.
-- The counters that do change are updated in primary-key order: two statements lock them in
-- the same order and cannot deadlock.
CREATE FUNCTION directory_counts_apply(old_set jsonb, new_set jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO directory_counts (country, filter_category_id, category_id, organizations)
  SELECT scope.country, filter_category.id, category.id, sum(changed.sign)::int
  FROM (
    SELECT r.country, r.category_ids, -1 AS sign
    FROM jsonb_to_recordset(old_set) AS r(country text, category_ids text[], published boolean)
    WHERE r.published
    UNION ALL
    SELECT r.country, r.category_ids, 1 AS sign
    FROM jsonb_to_recordset(new_set) AS r(country text, category_ids text[], published boolean)
    WHERE r.published
  ) AS changed,
       LATERAL unnest(changed.category_ids || ARRAY['']::text[]) AS filter_category(id),
       LATERAL unnest(changed.category_ids || ARRAY['']::text[]) AS category(id),
       LATERAL (VALUES (changed.country), ('*')) AS scope(country)
  GROUP BY scope.country, filter_category.id, category.id
  HAVING sum(changed.sign) <> 0
  ORDER BY filter_category.id, scope.country, category.id
  ON CONFLICT (filter_category_id, country, category_id)
  DO UPDATE SET organizations = directory_counts.organizations + excluded.organizations;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION directory_counts_on_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  old_set jsonb := '[]'::jsonb;
  new_set jsonb := '[]'::jsonb;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object('country', country, 'category_ids', category_ids, 'published', published)), '[]'::jsonb)
    INTO old_set FROM old_rows WHERE published;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    SELECT coalesce(jsonb_agg(jsonb_build_object('country', country, 'category_ids', category_ids, 'published', published)), '[]'::jsonb)
    INTO new_set FROM new_rows WHERE published;
  END IF;
  PERFORM directory_counts_apply(old_set, new_set);
  RETURN NULL;
END;
$$;
