CREATE TABLE "order_line_personalisations" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"texts" jsonb NOT NULL,
	"photos" jsonb NOT NULL,
	"preview_upload_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personalisation_templates" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"base_image" jsonb NOT NULL,
	"areas" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_line_personalisations" ADD CONSTRAINT "order_line_personalisations_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_personalisations" ADD CONSTRAINT "order_line_personalisations_preview_upload_id_customisation_uploads_id_fk" FOREIGN KEY ("preview_upload_id") REFERENCES "public"."customisation_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personalisation_templates" ADD CONSTRAINT "personalisation_templates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_line_personalisations_preview_idx" ON "order_line_personalisations" USING btree ("preview_upload_id");