-- Decision 140: every listing order ends on the product id, and so does each index that serves one, so offset pages
-- over products that tie on the sort's key (all sold 0 units, one import's created_at, one flash-sale end) keep one
-- order from page to page instead of repeating some products and never showing others.
DROP INDEX "products_category_created_idx";--> statement-breakpoint
DROP INDEX "products_brand_created_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_price_idx";--> statement-breakpoint
DROP INDEX "products_price_desc_idx";--> statement-breakpoint
DROP INDEX "products_units_sold_idx";--> statement-breakpoint
DROP INDEX "products_discount_idx";--> statement-breakpoint
DROP INDEX "products_flash_sale_idx";--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","sold_out","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_brand_created_idx" ON "products" USING btree ("brand_id","sold_out","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("sold_out","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("sold_out","price","id");--> statement-breakpoint
CREATE INDEX "products_price_desc_idx" ON "products" USING btree ("sold_out","price" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_units_sold_idx" ON "products" USING btree ("sold_out","units_sold" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_discount_idx" ON "products" USING btree ("sold_out","discount_percent" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_flash_sale_idx" ON "products" USING btree ("flash_sale_ends_at","id") WHERE "products"."flash_sale_ends_at" is not null;