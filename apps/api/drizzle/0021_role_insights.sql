CREATE TABLE "role_daily_counts" (
	"role_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"audience" text NOT NULL,
	"count" bigint NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "role_daily_counts_role_id_day_metric_audience_pk" PRIMARY KEY("role_id","day","metric","audience"),
	CONSTRAINT "role_daily_counts_audience" CHECK ("role_daily_counts"."audience" in ('people', 'bots'))
);
--> statement-breakpoint
ALTER TABLE "role_daily_counts" ADD CONSTRAINT "role_daily_counts_role_id_organization_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."organization_roles"("id") ON DELETE cascade ON UPDATE no action;