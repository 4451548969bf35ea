CREATE TABLE "pincodes" (
	"pincode" text PRIMARY KEY NOT NULL,
	"office" text NOT NULL,
	"district" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"serviceable" boolean DEFAULT true NOT NULL,
	"cod" boolean DEFAULT true NOT NULL,
	"zone" text,
	"transit_days" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "delivery_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "made_to_order_days" integer DEFAULT 2 NOT NULL;