DROP INDEX "plans_name_search_idx";--> statement-breakpoint
DROP INDEX "plans_description_search_idx";--> statement-breakpoint
DROP INDEX "plans_apolo_code_ref_search_idx";--> statement-breakpoint
DROP INDEX "plans_name_sort_idx";--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "description_folded" text GENERATED ALWAYS AS (lower(translate("description", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "apolo_code_ref_folded" text GENERATED ALWAYS AS (lower(translate("apolo_code_ref", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
CREATE INDEX "plans_name_search_idx" ON "plans" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plans_description_search_idx" ON "plans" USING gin ("description_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plans_apolo_code_ref_search_idx" ON "plans" USING gin ("apolo_code_ref_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "plans_name_sort_idx" ON "plans" USING btree ("name_folded","id");--> statement-breakpoint
-- The copies are new columns: the planner needs their statistics to judge a search (walk the name order or read the trigrams).
ANALYZE "plans";
