CREATE TABLE "categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"emoji" text NOT NULL,
	"group_id" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "category_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"emoji" text NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"flag_emoji" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_counts" (
	"country" text NOT NULL,
	"filter_category_id" text NOT NULL,
	"category_id" text NOT NULL,
	"organizations" integer NOT NULL,
	CONSTRAINT "directory_counts_filter_category_id_country_category_id_pk" PRIMARY KEY("filter_category_id","country","category_id")
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" text PRIMARY KEY NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"categories" text[] NOT NULL,
	"sort_order" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscribers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_categories" (
	"organization_id" uuid NOT NULL,
	"category_id" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"detail" text,
	"image_url" text,
	CONSTRAINT "organization_categories_organization_id_category_id_pk" PRIMARY KEY("organization_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"logo" text,
	"banner_image" text,
	"country" text NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"founded_year" integer,
	"website_url" text,
	"linkedin_url" text,
	"twitter_url" text,
	"blog_url" text,
	"created_by" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"subscription_type" text,
	"published" boolean DEFAULT false NOT NULL,
	"category_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('simple', coalesce(name, '')), 'A') || setweight(to_tsvector('simple', coalesce(description, '')), 'B') || setweight(to_tsvector('simple', coalesce(location, '')), 'C')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_group_id_category_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."category_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_categories" ADD CONSTRAINT "organization_categories_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_categories" ADD CONSTRAINT "organization_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_group_idx" ON "categories" USING btree ("group_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscribers_email_idx" ON "newsletter_subscribers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "organization_categories_category_idx" ON "organization_categories" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "organizations_published_name_idx" ON "organizations" USING btree ("name","id") WHERE "organizations"."published";--> statement-breakpoint
CREATE INDEX "organizations_published_country_name_idx" ON "organizations" USING btree ("country","name","id") WHERE "organizations"."published";--> statement-breakpoint
CREATE INDEX "organizations_published_categories_idx" ON "organizations" USING gin ("category_ids") WHERE "organizations"."published";--> statement-breakpoint
CREATE INDEX "organizations_published_search_idx" ON "organizations" USING gin ("search") WHERE "organizations"."published";--> statement-breakpoint
CREATE INDEX "organizations_created_by_idx" ON "organizations" USING btree ("created_by");