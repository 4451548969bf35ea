ALTER TABLE "coupons" DROP CONSTRAINT "coupons_used_count_check";--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_used_count_check" CHECK ("coupons"."used_count" >= 0);