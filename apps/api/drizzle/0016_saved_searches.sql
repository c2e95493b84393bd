CREATE TABLE "directory_prior_states" (
	"version" bigint NOT NULL,
	"organization_id" uuid NOT NULL,
	"listed" boolean NOT NULL,
	"country" text,
	"category_ids" text[],
	"verified" boolean DEFAULT false NOT NULL,
	"lexemes" text[],
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_prior_states_version_organization_id_pk" PRIMARY KEY("version","organization_id")
);
--> statement-breakpoint
CREATE TABLE "saved_search_alert_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"searches_checked" integer NOT NULL,
	"emails_queued" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"frequency" text NOT NULL,
	"q" text DEFAULT '' NOT NULL,
	"category_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"country" text,
	"verified" boolean DEFAULT false NOT NULL,
	"watermark" bigint NOT NULL,
	"next_alert_at" timestamp with time zone NOT NULL,
	"taken_until" timestamp with time zone,
	"last_alert_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_frequency" CHECK ("saved_searches"."frequency" in ('weekly', 'monthly'))
);
--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_due_idx" ON "saved_searches" USING btree ("next_alert_at");