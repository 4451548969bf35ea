-- Decision 148: a flag raised while a late payment was being settled waits in next_payment_flag instead of being
-- dropped; and a paid online order's payments are asked about once (payments_checked_at), to find a second captured
-- payment whose webhooks were all lost. Paid orders placed in the two days before it are asked about by the next
-- passes; older ones never are (the reconciliation looks back two days).
ALTER TABLE "orders" ADD COLUMN "next_payment_flag" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payments_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_payments_unchecked_idx" ON "orders" USING btree ("created_at") WHERE "orders"."provider_order_id" is not null and "orders"."payments_checked_at" is null and "orders"."payment_status" in ('captured', 'partially_refunded', 'refunded');