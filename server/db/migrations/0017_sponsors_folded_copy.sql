DROP INDEX "sponsors_name_search_idx";--> statement-breakpoint
DROP INDEX "sponsors_name_sort_idx";--> statement-breakpoint
ALTER TABLE "sponsors" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
CREATE INDEX "sponsors_name_search_idx" ON "sponsors" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sponsors_name_sort_idx" ON "sponsors" USING btree ("name_folded","id");--> statement-breakpoint
-- A new column: the planner needs its statistics to judge a search (walk the name order or read the trigrams).
ANALYZE "sponsors";
