CREATE TYPE "public"."campaign_status" AS ENUM('DRAFT', 'ACTIVE', 'PAUSED', 'INACTIVE');--> statement-breakpoint
CREATE TYPE "public"."plan_status" AS ENUM('DRAFT', 'ACTIVE', 'INACTIVE');--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" "campaign_status" DEFAULT 'DRAFT' NOT NULL,
	"sponsor_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"image_path" text,
	"start_date" date,
	"end_date" date,
	"budget" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_dates_check" CHECK ("campaigns"."end_date" is null or "campaigns"."start_date" is null or "campaigns"."end_date" >= "campaigns"."start_date"),
	CONSTRAINT "campaigns_budget_check" CHECK ("campaigns"."budget" is null or "campaigns"."budget" >= 0)
);
--> statement-breakpoint
CREATE TABLE "plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" numeric(14, 2),
	"status" "plan_status" DEFAULT 'DRAFT' NOT NULL,
	"image_path" text,
	"document_path" text,
	"inclusions" text,
	"exclusions" text,
	"commitment_months" integer DEFAULT 1 NOT NULL,
	"trial_days" integer,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"meta" jsonb,
	"apolo_code_ref" text,
	"plan_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_price_check" CHECK ("plans"."price" is null or "plans"."price" >= 0),
	CONSTRAINT "plans_commitment_months_check" CHECK ("plans"."commitment_months" in (1, 3, 6, 12, 18, 24)),
	CONSTRAINT "plans_trial_days_check" CHECK ("plans"."trial_days" is null or "plans"."trial_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sponsors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country_id" integer NOT NULL,
	"logo_path" text,
	"website_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaigns_sponsor_idx" ON "campaigns" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "campaigns_country_idx" ON "campaigns" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status");--> statement-breakpoint
CREATE INDEX "campaigns_name_idx" ON "campaigns" USING btree ("name");--> statement-breakpoint
CREATE INDEX "campaigns_created_at_idx" ON "campaigns" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "plans_campaign_idx" ON "plans" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "plans_plan_idx" ON "plans" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "sponsors_name_idx" ON "sponsors" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sponsors_country_idx" ON "sponsors" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "sponsors_created_at_idx" ON "sponsors" USING btree ("created_at");