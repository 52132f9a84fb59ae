CREATE TYPE "public"."booking_status" AS ENUM('PENDING', 'CONFIRMED', 'CANCELLED', 'CONSUMED');--> statement-breakpoint
CREATE TABLE "booking_status_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"old_status" "booking_status",
	"new_status" "booking_status" NOT NULL,
	"reason" text,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_ref" text NOT NULL,
	"status" "booking_status" DEFAULT 'PENDING' NOT NULL,
	"scheduled_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"dsp_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"entitlement_id" integer NOT NULL,
	"plan_service_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"notes" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"evidence_path" text,
	"support_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_meta_object_check" CHECK (jsonb_typeof("bookings"."meta") = 'object')
);
--> statement-breakpoint
ALTER TABLE "booking_status_histories" ADD CONSTRAINT "booking_status_histories_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_status_histories" ADD CONSTRAINT "booking_status_histories_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_dsp_id_dsps_id_fk" FOREIGN KEY ("dsp_id") REFERENCES "public"."dsps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_plan_service_id_services_id_fk" FOREIGN KEY ("plan_service_id") REFERENCES "public"."services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_status_histories_booking_idx" ON "booking_status_histories" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_code_ref_unique" ON "bookings" USING btree ("code_ref");--> statement-breakpoint
CREATE INDEX "bookings_dsp_created_at_idx" ON "bookings" USING btree ("dsp_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_dsp_scheduled_at_idx" ON "bookings" USING btree ("dsp_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "bookings_entitlement_service_idx" ON "bookings" USING btree ("entitlement_id","plan_service_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "bookings_service_idx" ON "bookings" USING btree ("plan_service_id");