DROP INDEX "organization_first_published_at_idx";--> statement-breakpoint
CREATE INDEX "organization_first_published_at_id_idx" ON "organization_first_published" USING btree ("at","organization_id");