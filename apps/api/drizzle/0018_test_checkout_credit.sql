ALTER TABLE "test_mode_subscriptions" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "test_mode_subscriptions" ADD COLUMN "period_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "test_mode_subscriptions" ADD COLUMN "billing_anchor" timestamp with time zone;