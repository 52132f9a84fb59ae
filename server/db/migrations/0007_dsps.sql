CREATE TYPE "public"."api_client_type" AS ENUM('BACKEND', 'PARTNER', 'INTEGRATOR', 'ANALYTICS');--> statement-breakpoint
CREATE TYPE "public"."connector_driver" AS ENUM('database', 'api');--> statement-breakpoint
CREATE TYPE "public"."connector_type" AS ENUM('BOOKING', 'PAYMENT');--> statement-breakpoint
CREATE TYPE "public"."dsp_type" AS ENUM('SALE', 'BOOKING', 'MIXED');--> statement-breakpoint
CREATE TYPE "public"."rate_limit_period" AS ENUM('minute', 'hour', 'day');--> statement-breakpoint
CREATE TABLE "api_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"dsp_id" integer NOT NULL,
	"name" text NOT NULL,
	"base_url" text,
	"client_id" text NOT NULL,
	"client_secret_hash" text NOT NULL,
	"type" "api_client_type" DEFAULT 'BACKEND' NOT NULL,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"ip_whitelist" text[] DEFAULT '{}'::text[] NOT NULL,
	"rate_limit_max" integer,
	"rate_limit_period" "rate_limit_period",
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_clients_rate_limit_check" CHECK ("api_clients"."rate_limit_max" is null or "api_clients"."rate_limit_max" >= 0)
);
--> statement-breakpoint
CREATE TABLE "connector_plans" (
	"connector_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"external_plan_id" text NOT NULL,
	CONSTRAINT "connector_plans_connector_id_plan_id_pk" PRIMARY KEY("connector_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "connectors" (
	"id" serial PRIMARY KEY NOT NULL,
	"dsp_id" integer NOT NULL,
	"key" text NOT NULL,
	"driver" "connector_driver" NOT NULL,
	"type" "connector_type" NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"verification_policy" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connectors_settings_object_check" CHECK (jsonb_typeof("connectors"."settings") = 'object'),
	CONSTRAINT "connectors_params_object_check" CHECK (jsonb_typeof("connectors"."params") = 'object')
);
--> statement-breakpoint
CREATE TABLE "dsp_plans" (
	"dsp_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	CONSTRAINT "dsp_plans_dsp_id_plan_id_pk" PRIMARY KEY("dsp_id","plan_id")
);
--> statement-breakpoint
CREATE TABLE "dsp_users" (
	"dsp_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "dsp_users_dsp_id_user_id_pk" PRIMARY KEY("dsp_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "dsps" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" "dsp_type" DEFAULT 'SALE' NOT NULL,
	"country_id" integer NOT NULL,
	"sponsor_id" integer NOT NULL,
	"website_url" text,
	"address" text,
	"phone_primary" text,
	"phone_secondary" text,
	"email_primary" text,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"image_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dsps_settings_object_check" CHECK (jsonb_typeof("dsps"."settings") = 'object')
);
--> statement-breakpoint
ALTER TABLE "api_clients" ADD CONSTRAINT "api_clients_dsp_id_dsps_id_fk" FOREIGN KEY ("dsp_id") REFERENCES "public"."dsps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_plans" ADD CONSTRAINT "connector_plans_connector_id_connectors_id_fk" FOREIGN KEY ("connector_id") REFERENCES "public"."connectors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connector_plans" ADD CONSTRAINT "connector_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_dsp_id_dsps_id_fk" FOREIGN KEY ("dsp_id") REFERENCES "public"."dsps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsp_plans" ADD CONSTRAINT "dsp_plans_dsp_id_dsps_id_fk" FOREIGN KEY ("dsp_id") REFERENCES "public"."dsps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsp_plans" ADD CONSTRAINT "dsp_plans_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsp_users" ADD CONSTRAINT "dsp_users_dsp_id_dsps_id_fk" FOREIGN KEY ("dsp_id") REFERENCES "public"."dsps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsp_users" ADD CONSTRAINT "dsp_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsps" ADD CONSTRAINT "dsps_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsps" ADD CONSTRAINT "dsps_sponsor_id_sponsors_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."sponsors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_clients_client_id_unique" ON "api_clients" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "api_clients_dsp_idx" ON "api_clients" USING btree ("dsp_id");--> statement-breakpoint
CREATE INDEX "connector_plans_plan_idx" ON "connector_plans" USING btree ("plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_dsp_key_unique" ON "connectors" USING btree ("dsp_id",lower(translate(btrim("key"), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')));--> statement-breakpoint
CREATE INDEX "dsp_plans_plan_idx" ON "dsp_plans" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "dsp_users_user_idx" ON "dsp_users" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dsps_name_unique" ON "dsps" USING btree (lower(translate(btrim("name"), 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')));--> statement-breakpoint
CREATE INDEX "dsps_sponsor_idx" ON "dsps" USING btree ("sponsor_id");--> statement-breakpoint
CREATE INDEX "dsps_country_idx" ON "dsps" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "dsps_created_at_idx" ON "dsps" USING btree ("created_at");