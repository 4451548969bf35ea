ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_kind_check";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "provider_payment_id" text;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_provider_payment_idx" ON "order_refunds" USING btree ("provider_payment_id") WHERE "order_refunds"."provider_payment_id" is not null;--> statement-breakpoint
CREATE INDEX "order_refunds_open_idx" ON "order_refunds" USING btree ("created_at") WHERE "order_refunds"."status" in ('requested', 'pending');--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_kind_check" CHECK ("order_refunds"."kind" in ('full', 'lines', 'amount', 'cancellation', 'duplicate_payment'));