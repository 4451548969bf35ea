-- discount_percent computed in bigint: (mrp - price) * 100 overflowed integer once mrp was ₹2.15 lakh above the price,
-- and the product's insert failed with a 500 (found by the OpenAPI fuzzer, decision 058). PostgreSQL 15 cannot change a
-- generated column's expression, so the column is made again, and with it the two indexes that sort by it.
ALTER TABLE "products" drop column "discount_percent";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "discount_percent" integer GENERATED ALWAYS AS (case when mrp > price and mrp > 0 then (((mrp - price)::bigint * 100) / mrp)::integer else 0 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("discount_percent" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_category_discount_idx" ON "products" USING btree ("category_id","discount_percent" DESC NULLS LAST,"id" DESC NULLS LAST);
