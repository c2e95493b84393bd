ALTER TABLE "subscriptions" ADD COLUMN "payment_hold" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "held_period_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_mode_subscriptions" ADD COLUMN "payment_hold" text;--> statement-breakpoint
ALTER TABLE "test_mode_subscriptions" ADD COLUMN "held_period_start" timestamp with time zone;