CREATE TABLE "share_card_queue" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"change" bigserial NOT NULL,
	"taken_until" timestamp with time zone
);
--> statement-breakpoint
-- Queues an organization's share card (ADR 026) in the writing transaction: a published
-- organization inserted, a change of anything the card shows (name, place, country,
-- categories, logo, banner) on a profile that is or was published, publishing and unpublishing,
-- and every deletion. Rows that were and stay unpublished, and edits of columns the card does not
-- show (description, links, version, updated_at), queue nothing. A row already queued takes a
-- new change number and is free to be taken again, so a run that drew the older data leaves it.
-- Organizations that exist when this migration runs are not queued: their cards are drawn on
-- their first fetch, as bulk-seeded ones are.
CREATE FUNCTION share_card_record_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO share_card_queue (organization_id)
    SELECT id FROM new_rows WHERE published
    ON CONFLICT (organization_id)
    DO UPDATE SET change = nextval('share_card_queue_change_seq'), taken_until = NULL;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO share_card_queue (organization_id)
    SELECT id FROM old_rows
    ON CONFLICT (organization_id)
    DO UPDATE SET change = nextval('share_card_queue_change_seq'), taken_until = NULL;
  ELSE
    INSERT INTO share_card_queue (organization_id)
    SELECT new_row.id
    FROM new_rows AS new_row JOIN old_rows AS old_row ON old_row.id = new_row.id
    WHERE (new_row.published OR old_row.published)
      AND (new_row.published, new_row.name, new_row.location, new_row.country, new_row.logo,
           new_row.banner_image, new_row.category_ids)
          IS DISTINCT FROM
          (old_row.published, old_row.name, old_row.location, old_row.country, old_row.logo,
           old_row.banner_image, old_row.category_ids)
    ON CONFLICT (organization_id)
    DO UPDATE SET change = nextval('share_card_queue_change_seq'), taken_until = NULL;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_share_card_insert AFTER INSERT ON organizations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION share_card_record_change();
--> statement-breakpoint
CREATE TRIGGER organizations_share_card_update AFTER UPDATE ON organizations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION share_card_record_change();
--> statement-breakpoint
CREATE TRIGGER organizations_share_card_delete AFTER DELETE ON organizations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION share_card_record_change();
