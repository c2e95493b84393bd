CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_response_code" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"sealed_secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"failing_since" timestamp with time zone,
	"disabled_at" timestamp with time zone,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_endpoint_idx" ON "webhook_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
-- Webhook events (ADR 056) are written here, by the database, in the transaction of the change
-- that causes them: every path that publishes, changes, unpublishes or deletes an organization,
-- or opens or closes a role, is covered without each caller remembering to. An event is stored
-- only when an enabled endpoint wants its type, with one delivery per such endpoint.
CREATE FUNCTION webhook_enqueue(event_type text, event_data jsonb) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  new_event uuid;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_endpoints WHERE enabled AND event_type = ANY (events)) THEN
    RETURN;
  END IF;
  INSERT INTO webhook_events (type, data) VALUES (event_type, event_data) RETURNING id INTO new_event;
  INSERT INTO webhook_deliveries (event_id, endpoint_id)
    SELECT new_event, id FROM webhook_endpoints WHERE enabled AND event_type = ANY (events);
END;
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_organization_data(row_data organizations) RETURNS jsonb
LANGUAGE sql AS $$
  SELECT jsonb_build_object(
    'id', row_data.id, 'name', row_data.name, 'country', row_data.country,
    'verifiedDomain', row_data.verified_domain);
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_on_organization_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.published THEN
      PERFORM webhook_enqueue('organization.unpublished', webhook_organization_data(OLD));
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF NEW.published THEN
      PERFORM webhook_enqueue('organization.published', webhook_organization_data(NEW));
    END IF;
    RETURN NULL;
  END IF;
  IF NEW.published AND NOT OLD.published THEN
    PERFORM webhook_enqueue('organization.published', webhook_organization_data(NEW));
  ELSIF OLD.published AND NOT NEW.published THEN
    PERFORM webhook_enqueue('organization.unpublished', webhook_organization_data(NEW));
  ELSIF NEW.published AND (OLD.version, OLD.name, OLD.logo, OLD.banner_image, OLD.verified_domain)
      IS DISTINCT FROM (NEW.version, NEW.name, NEW.logo, NEW.banner_image, NEW.verified_domain) THEN
    PERFORM webhook_enqueue('organization.updated', webhook_organization_data(NEW));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organizations_webhooks AFTER INSERT OR UPDATE OR DELETE ON organizations
  FOR EACH ROW EXECUTE FUNCTION webhook_on_organization_change();
--> statement-breakpoint
-- A role is public while it is not closed, not held, not past its closing date and its
-- organization is published (ADR 042). A write that takes it in or out of that is an event; a
-- closing date passing writes nothing, so it sends none (ADR 056).
CREATE FUNCTION webhook_role_is_public(role_row organization_roles) RETURNS boolean
LANGUAGE sql AS $$
  SELECT role_row.closed_at IS NULL AND role_row.held_at IS NULL
    AND role_row.closes_on >= (now() AT TIME ZONE 'UTC')::date
    AND EXISTS (SELECT 1 FROM organizations o WHERE o.id = role_row.organization_id AND o.published);
$$;
--> statement-breakpoint
CREATE FUNCTION webhook_on_role_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  was_public boolean := TG_OP <> 'INSERT' AND webhook_role_is_public(OLD);
  is_public boolean := TG_OP <> 'DELETE' AND webhook_role_is_public(NEW);
  role_row organization_roles := CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END;
BEGIN
  IF was_public = is_public THEN
    RETURN NULL;
  END IF;
  PERFORM webhook_enqueue(
    CASE WHEN is_public THEN 'role.opened' ELSE 'role.closed' END,
    jsonb_build_object('id', role_row.id, 'organizationId', role_row.organization_id,
      'title', role_row.title, 'closesOn', role_row.closes_on));
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER organization_roles_webhooks AFTER INSERT OR UPDATE OR DELETE ON organization_roles
  FOR EACH ROW EXECUTE FUNCTION webhook_on_role_change();
