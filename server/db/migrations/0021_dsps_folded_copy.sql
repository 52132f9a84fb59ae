ALTER TABLE "dsps" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
CREATE INDEX "dsps_name_search_idx" ON "dsps" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dsps_name_sort_idx" ON "dsps" USING btree ("name_folded","id");--> statement-breakpoint
-- A new column: the planner needs its statistics to judge a search (walk the name order or read the trigrams).
ANALYZE "dsps";
