DROP INDEX "profile_reports_open_reporter_idx";--> statement-breakpoint
ALTER TABLE "profile_reports" ADD COLUMN "role_id" uuid;--> statement-breakpoint
ALTER TABLE "profile_reports" ADD COLUMN "role_title" text;--> statement-breakpoint
ALTER TABLE "profile_reports" ADD CONSTRAINT "profile_reports_role_id_organization_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."organization_roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "profile_reports_open_role_reporter_idx" ON "profile_reports" USING btree ("role_id","reporter_key") WHERE "profile_reports"."status" = 'open' and "profile_reports"."role_id" is not null;--> statement-breakpoint
CREATE INDEX "profile_reports_role_idx" ON "profile_reports" USING btree ("role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profile_reports_open_reporter_idx" ON "profile_reports" USING btree ("organization_id","reporter_key") WHERE "profile_reports"."status" = 'open' and "profile_reports"."role_title" is null;--> statement-breakpoint
ALTER TABLE "profile_reports" ADD CONSTRAINT "profile_reports_role_titled" CHECK ("profile_reports"."role_id" is null or "profile_reports"."role_title" is not null);