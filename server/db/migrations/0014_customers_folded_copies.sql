DROP INDEX "customers_name_search_idx";--> statement-breakpoint
DROP INDEX "customers_dni_search_idx";--> statement-breakpoint
DROP INDEX "customers_email_search_idx";--> statement-breakpoint
DROP INDEX "customers_phone_search_idx";--> statement-breakpoint
DROP INDEX "customers_dsp_name_sort_idx";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "dni_folded" text GENERATED ALWAYS AS (lower(translate("dni", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "email_folded" text GENERATED ALWAYS AS (lower(translate("email", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_folded" text GENERATED ALWAYS AS (lower(translate("phone", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
CREATE INDEX "customers_name_search_idx" ON "customers" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_dni_search_idx" ON "customers" USING gin ("dni_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_email_search_idx" ON "customers" USING gin ("email_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_search_idx" ON "customers" USING gin ("phone_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "customers_dsp_name_sort_idx" ON "customers" USING btree ("dsp_id","name_folded","id");--> statement-breakpoint
-- The copies are new columns: the planner needs their statistics to judge a search.
ANALYZE "customers";
