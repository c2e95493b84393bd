CREATE TABLE "organization_milestones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"month" integer,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_roles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"workplace" text NOT NULL,
	"country" text,
	"city" text,
	"remote_countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"pay_min" integer,
	"pay_max" integer,
	"pay_currency" text,
	"pay_period" text,
	"description" text NOT NULL,
	"apply" text NOT NULL,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closes_on" date NOT NULL,
	"closed_at" timestamp with time zone,
	"held_at" timestamp with time zone,
	"held_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "donate_url" text;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "volunteer_url" text;--> statement-breakpoint
ALTER TABLE "organization_milestones" ADD CONSTRAINT "organization_milestones_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_roles" ADD CONSTRAINT "organization_roles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organization_milestones_organization_idx" ON "organization_milestones" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "organization_roles_organization_idx" ON "organization_roles" USING btree ("organization_id","posted_at");--> statement-breakpoint
CREATE INDEX "organization_roles_open_idx" ON "organization_roles" USING btree ("posted_at","id") WHERE "organization_roles"."closed_at" is null and "organization_roles"."held_at" is null;