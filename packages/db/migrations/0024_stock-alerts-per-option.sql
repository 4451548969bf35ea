DROP INDEX "stock_alerts_open_idx";--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_variant_idx" ON "stock_alerts" USING btree ("variant_id","channel","recipient") WHERE "stock_alerts"."notified_at" is null and "stock_alerts"."variant_id" is not null;--> statement-breakpoint
CREATE INDEX "stock_alerts_product_open_idx" ON "stock_alerts" USING btree ("product_id") WHERE "stock_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "stock_alerts_variant_idx" ON "stock_alerts" USING btree ("variant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_open_idx" ON "stock_alerts" USING btree ("product_id","channel","recipient") WHERE "stock_alerts"."notified_at" is null and "stock_alerts"."variant_id" is null;