CREATE TABLE "customisation_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"display_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"display_type" text NOT NULL,
	"source_format" text NOT NULL,
	"source_bytes" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"line_id" uuid,
	"unit" integer,
	"position" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_line_customisations" (
	"line_id" uuid PRIMARY KEY NOT NULL,
	"texts" jsonb NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customisation_uploads" ADD CONSTRAINT "customisation_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customisation_uploads" ADD CONSTRAINT "customisation_uploads_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_line_customisations" ADD CONSTRAINT "order_line_customisations_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customisation_uploads_line_idx" ON "customisation_uploads" USING btree ("line_id","unit","position");--> statement-breakpoint
CREATE INDEX "customisation_uploads_user_idx" ON "customisation_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "customisation_uploads_unused_idx" ON "customisation_uploads" USING btree ("created_at") WHERE "customisation_uploads"."line_id" is null;