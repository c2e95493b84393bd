CREATE TABLE "webhook_role_expiries" (
	"role_id" uuid NOT NULL,
	"closes_on" date NOT NULL,
	CONSTRAINT "webhook_role_expiries_role_id_closes_on_pk" PRIMARY KEY("role_id","closes_on")
);
--> statement-breakpoint
-- A role's closing date passing writes nothing, so no trigger sees it (migration 0029). This is
-- called by a periodic job (ADR 056) with the day it is in UTC: each role that was public until
-- its closing date ended, in the week before `today`, is announced as `role.closed` once. The
-- row in webhook_role_expiries is what makes it once, across processes (the second writer waits
-- on the key, then skips) and restarts. The week bounds the work and covers a server stopped
-- for days. Nothing is announced, and nothing recorded, while no enabled endpoint wants it.
CREATE FUNCTION webhook_announce_expired_roles(today date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  announced integer := 0;
  role_row organization_roles;
BEGIN
  DELETE FROM webhook_role_expiries WHERE closes_on < today - 8;
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled AND 'role.closed' = ANY (events)) THEN
    RETURN 0;
  END IF;
  FOR role_row IN
    WITH newly AS (
      INSERT INTO webhook_role_expiries (role_id, closes_on)
      SELECT r.id, r.closes_on FROM organization_roles r
      WHERE r.closes_on < today AND r.closes_on >= today - 7
        AND r.closed_at IS NULL AND r.held_at IS NULL
        AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = r.organization_id AND o.published)
      ON CONFLICT DO NOTHING
      RETURNING role_id
    )
    SELECT r.* FROM organization_roles r JOIN newly n ON n.role_id = r.id ORDER BY r.closes_on, r.id
  LOOP
    PERFORM webhook_enqueue('role.closed',
      jsonb_build_object('id', role_row.id, 'organizationId', role_row.organization_id,
        'title', role_row.title, 'closesOn', role_row.closes_on));
    announced := announced + 1;
  END LOOP;
  RETURN announced;
END;
$$;
