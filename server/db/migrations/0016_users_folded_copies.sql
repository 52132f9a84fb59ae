DROP INDEX "users_name_search_idx";--> statement-breakpoint
DROP INDEX "users_email_search_idx";--> statement-breakpoint
DROP INDEX "users_dni_search_idx";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_folded" text GENERATED ALWAYS AS (lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_folded" text GENERATED ALWAYS AS (lower(translate("email", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "dni_folded" text GENERATED ALWAYS AS (lower(translate("dni", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc'))) STORED;--> statement-breakpoint
CREATE INDEX "users_name_search_idx" ON "users" USING gin ("name_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING gin ("email_folded" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_dni_search_idx" ON "users" USING gin ("dni_folded" gin_trgm_ops);--> statement-breakpoint
-- The copies are new columns: the planner needs their statistics to judge a search.
ANALYZE "users";
