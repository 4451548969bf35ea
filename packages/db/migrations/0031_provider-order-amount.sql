ALTER TABLE "orders" ADD COLUMN "provider_order_amount" integer;--> statement-breakpoint
-- Orders opened before this column: a prepaid order's provider order was opened for its grand total (decision 141).
-- One switched to cash on delivery since has another grand total now and stays unknown (null): a payment on it is flagged.
UPDATE "orders" SET "provider_order_amount" = "grand_total" WHERE "provider_order_id" IS NOT NULL AND "payment_method" = 'prepaid';
