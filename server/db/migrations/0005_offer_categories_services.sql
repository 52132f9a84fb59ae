CREATE TYPE "public"."event_period" AS ENUM('MONTHLY', 'QUARTERLY', 'SEMI-ANNUALLY', 'YEARLY', 'LIFETIME');--> statement-breakpoint
CREATE TABLE "campaign_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"image_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"parent_id" integer,
	"image_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"category_id" integer,
	"name" text NOT NULL,
	"description" text,
	"image_path" text,
	"coverage_amount" numeric(14, 2),
	"unlimited_coverage" boolean DEFAULT false NOT NULL,
	"event_limit" integer,
	"unlimited_events" boolean DEFAULT false NOT NULL,
	"event_period" "event_period",
	"inclusions" text,
	"exclusions" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"apolo_code_ref" text,
	"meta" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "services_coverage_check" CHECK (("services"."unlimited_coverage" and "services"."coverage_amount" is null) or (not "services"."unlimited_coverage" and "services"."coverage_amount" >= 0)),
	CONSTRAINT "services_event_limit_check" CHECK (("services"."unlimited_events" and "services"."event_limit" is null) or (not "services"."unlimited_events" and "services"."event_limit" >= 0))
);
--> statement-breakpoint
ALTER TABLE "campaign_categories" ADD CONSTRAINT "campaign_categories_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_categories" ADD CONSTRAINT "campaign_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_category_id_campaign_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."campaign_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_categories_category_idx" ON "campaign_categories" USING btree ("category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_categories_campaign_name_unique" ON "campaign_categories" USING btree ("campaign_id",lower(translate(btrim("name"), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')));--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_parent_name_unique" ON "categories" USING btree (coalesce("parent_id", 0),lower(translate(btrim("name"), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')));--> statement-breakpoint
CREATE INDEX "services_plan_idx" ON "services" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "services_category_idx" ON "services" USING btree ("category_id");