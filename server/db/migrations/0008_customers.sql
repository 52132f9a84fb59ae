CREATE TYPE "public"."entitlement_status" AS ENUM('ACTIVE', 'SUSPENDED', 'CANCELLED', 'EXPIRED', 'PENDING');--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"dsp_id" integer NOT NULL,
	"dni" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_meta_object_check" CHECK (jsonb_typeof("customers"."meta") = 'object')
);
--> statement-breakpoint
CREATE TABLE "entitlement_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"entitlement_id" integer NOT NULL,
	"state" "entitlement_status" NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"is_open" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entitlement_status_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"entitlement_id" integer NOT NULL,
	"old_status" "entitlement_status",
	"new_status" "entitlement_status" NOT NULL,
	"reason" text,
	"changed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entitlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"dsp_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"status" "entitlement_status" DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_dsp_id_dsps_id_fk" FOREIGN KEY ("dsp_id") REFERENCES "public"."dsps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_periods" ADD CONSTRAINT "entitlement_periods_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_status_histories" ADD CONSTRAINT "entitlement_status_histories_entitlement_id_entitlements_id_fk" FOREIGN KEY ("entitlement_id") REFERENCES "public"."entitlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlement_status_histories" ADD CONSTRAINT "entitlement_status_histories_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_dsp_id_dsps_id_fk" FOREIGN KEY ("dsp_id") REFERENCES "public"."dsps"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entitlements" ADD CONSTRAINT "entitlements_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_dsp_dni_unique" ON "customers" USING btree ("dsp_id",lower(translate(btrim("dni"), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_dsp_email_unique" ON "customers" USING btree ("dsp_id",lower(translate(btrim("email"), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')));--> statement-breakpoint
CREATE INDEX "customers_dsp_created_at_idx" ON "customers" USING btree ("dsp_id","created_at");--> statement-breakpoint
CREATE INDEX "entitlement_periods_entitlement_idx" ON "entitlement_periods" USING btree ("entitlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlement_periods_one_open_unique" ON "entitlement_periods" USING btree ("entitlement_id") WHERE "entitlement_periods"."is_open";--> statement-breakpoint
CREATE INDEX "entitlement_status_histories_entitlement_idx" ON "entitlement_status_histories" USING btree ("entitlement_id","created_at");--> statement-breakpoint
CREATE INDEX "entitlements_customer_idx" ON "entitlements" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "entitlements_dsp_status_idx" ON "entitlements" USING btree ("dsp_id","status");--> statement-breakpoint
CREATE INDEX "entitlements_plan_idx" ON "entitlements" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "entitlements_customer_plan_current_unique" ON "entitlements" USING btree ("customer_id","plan_id") WHERE "entitlements"."status" <> 'CANCELLED';