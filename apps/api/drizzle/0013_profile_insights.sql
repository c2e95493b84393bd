CREATE TABLE "insights_email_opt_outs" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insights_emails_sent" (
	"organization_id" uuid NOT NULL,
	"month" date NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insights_emails_sent_organization_id_month_pk" PRIMARY KEY("organization_id","month")
);
--> statement-breakpoint
CREATE TABLE "profile_daily_counts" (
	"organization_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"audience" text NOT NULL,
	"count" bigint NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "profile_daily_counts_organization_id_day_metric_audience_pk" PRIMARY KEY("organization_id","day","metric","audience"),
	CONSTRAINT "profile_daily_counts_audience" CHECK ("profile_daily_counts"."audience" in ('people', 'bots'))
);
--> statement-breakpoint
CREATE TABLE "profile_monthly_counts" (
	"organization_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"audience" text NOT NULL,
	"count" bigint NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "profile_monthly_counts_organization_id_month_metric_audience_pk" PRIMARY KEY("organization_id","month","metric","audience"),
	CONSTRAINT "profile_monthly_counts_audience" CHECK ("profile_monthly_counts"."audience" in ('people', 'bots'))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "insights_email_opt_outs" ADD CONSTRAINT "insights_email_opt_outs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights_emails_sent" ADD CONSTRAINT "insights_emails_sent_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_daily_counts" ADD CONSTRAINT "profile_daily_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_monthly_counts" ADD CONSTRAINT "profile_monthly_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;