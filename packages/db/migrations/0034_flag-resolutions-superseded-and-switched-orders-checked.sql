-- Decision 150: a resolution of a payment flag stands only until the order's flag changes. Resolutions become the
-- order's history (an id of their own; superseded_at when a new or moved flag came after them; one standing at a
-- time), so a flag raised or moved after staff resolved the last one lists the order again. Resolutions whose flag is
-- no longer the order's (it moved on after them) are superseded now: those orders are listed again. And orders
-- switched to cash on delivery that keep a provider order are asked about once too (payments_checked_at), for a
-- payment that landed after the switch whose webhooks were all lost.
ALTER TABLE "payment_flag_resolutions" DROP CONSTRAINT "payment_flag_resolutions_pkey";--> statement-breakpoint
ALTER TABLE "payment_flag_resolutions" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_flag_resolutions" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_flag_resolutions" ADD COLUMN "superseded_at" timestamp with time zone;--> statement-breakpoint
UPDATE "payment_flag_resolutions" AS r SET "superseded_at" = now() FROM "orders" AS o WHERE o."id" = r."order_id" AND o."payment_flag" IS DISTINCT FROM r."flag";--> statement-breakpoint
CREATE INDEX "orders_switched_unchecked_idx" ON "orders" USING btree ("created_at") WHERE "orders"."provider_order_id" is not null and "orders"."payments_checked_at" is null and "orders"."payment_method" = 'cod';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_flag_resolutions_standing_idx" ON "payment_flag_resolutions" USING btree ("order_id") WHERE "payment_flag_resolutions"."superseded_at" is null;
