DROP INDEX "services_name_search_idx";--> statement-breakpoint
DROP INDEX "services_description_search_idx";--> statement-breakpoint
DROP INDEX "services_name_sort_idx";--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "description_folded" text GENERATED ALWAYS AS (lower(translate("description", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
CREATE INDEX "services_name_search_idx" ON "services" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_description_search_idx" ON "services" USING gin ("description_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "services_name_sort_idx" ON "services" USING btree ("name_folded","id");--> statement-breakpoint
-- The copies are new columns: the planner needs their statistics to judge a search.
ANALYZE "services";
