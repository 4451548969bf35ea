CREATE TABLE "shipment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_key" text NOT NULL,
	"shipment_id" uuid,
	"awb" text NOT NULL,
	"kind" text,
	"carrier_status" text NOT NULL,
	"carrier_status_id" integer,
	"at" timestamp with time zone NOT NULL,
	"location" text,
	"activity" text,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"outcome" text
);
--> statement-breakpoint
CREATE TABLE "shipment_parcels" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"weight_grams" integer NOT NULL,
	"length_cm" integer NOT NULL,
	"breadth_cm" integer NOT NULL,
	"height_cm" integer NOT NULL,
	CONSTRAINT "shipment_parcels_sizes_check" CHECK ("shipment_parcels"."weight_grams" > 0 and "shipment_parcels"."length_cm" > 0 and "shipment_parcels"."breadth_cm" > 0 and "shipment_parcels"."height_cm" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'creating' NOT NULL,
	"reference" text NOT NULL,
	"provider_order_id" text,
	"provider_shipment_id" text,
	"awb" text,
	"courier_id" integer,
	"courier_name" text,
	"label_url" text,
	"pickup_scheduled_for" text,
	"pickup_token" text,
	"carrier_edd" text,
	"promise_earliest" text,
	"promise_latest" text,
	"last_event_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"rto_resolution" text,
	"rto_resolved_at" timestamp with time zone,
	"rto_resolved_by" uuid,
	"cancelled_at" timestamp with time zone,
	"created_by" uuid,
	CONSTRAINT "shipments_status_check" CHECK ("shipments"."status" in ('creating', 'awb_assigned', 'pickup_scheduled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'failed_attempt', 'rto_initiated', 'rto_delivered', 'cancelled')),
	CONSTRAINT "shipments_rto_resolution_check" CHECK ("shipments"."rto_resolution" is null or "shipments"."rto_resolution" in ('restocked', 'not_resaleable'))
);
--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "shipping_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "length_cm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "breadth_cm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "height_cm" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_events" ADD CONSTRAINT "shipment_events_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_parcels" ADD CONSTRAINT "shipment_parcels_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_rto_resolved_by_users_id_fk" FOREIGN KEY ("rto_resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_events_key_idx" ON "shipment_events" USING btree ("provider","event_key");--> statement-breakpoint
CREATE INDEX "shipment_events_shipment_idx" ON "shipment_events" USING btree ("shipment_id","at");--> statement-breakpoint
CREATE INDEX "shipment_parcels_shipment_idx" ON "shipment_parcels" USING btree ("shipment_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_order_live_idx" ON "shipments" USING btree ("order_id") WHERE "shipments"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_awb_idx" ON "shipments" USING btree ("provider","awb") WHERE "shipments"."awb" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_reference_idx" ON "shipments" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shipments_pickup_idx" ON "shipments" USING btree ("pickup_scheduled_for") WHERE "shipments"."pickup_scheduled_for" is not null;