DROP INDEX "bookings_dsp_scheduled_at_idx";--> statement-breakpoint
DROP INDEX "campaigns_name_sort_idx";--> statement-breakpoint
DROP INDEX "campaigns_created_at_idx";--> statement-breakpoint
DROP INDEX "customers_dsp_created_at_idx";--> statement-breakpoint
DROP INDEX "customers_dsp_name_sort_idx";--> statement-breakpoint
DROP INDEX "dsps_created_at_idx";--> statement-breakpoint
DROP INDEX "plans_name_sort_idx";--> statement-breakpoint
DROP INDEX "plans_created_at_idx";--> statement-breakpoint
DROP INDEX "services_name_sort_idx";--> statement-breakpoint
DROP INDEX "services_created_at_idx";--> statement-breakpoint
DROP INDEX "sponsors_name_sort_idx";--> statement-breakpoint
DROP INDEX "sponsors_created_at_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "users_name_sort_idx";--> statement-breakpoint
DROP INDEX "users_active_name_sort_idx";--> statement-breakpoint
CREATE INDEX "bookings_dsp_scheduled_at_idx" ON "bookings" USING btree ("dsp_id","scheduled_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_name_sort_idx" ON "campaigns" USING btree (lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')),"id","name");--> statement-breakpoint
CREATE INDEX "campaigns_created_at_idx" ON "campaigns" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "customers_dsp_created_at_idx" ON "customers" USING btree ("dsp_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_dsp_name_sort_idx" ON "customers" USING btree ("dsp_id",lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')),"id","name");--> statement-breakpoint
CREATE INDEX "dsps_created_at_idx" ON "dsps" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "plans_name_sort_idx" ON "plans" USING btree (lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')),"id","name");--> statement-breakpoint
CREATE INDEX "plans_created_at_idx" ON "plans" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "services_name_sort_idx" ON "services" USING btree (lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')),"id","name");--> statement-breakpoint
CREATE INDEX "services_created_at_idx" ON "services" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sponsors_name_sort_idx" ON "sponsors" USING btree (lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')),"id","name");--> statement-breakpoint
CREATE INDEX "sponsors_created_at_idx" ON "sponsors" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')),"id","name");--> statement-breakpoint
CREATE INDEX "users_active_name_sort_idx" ON "users" USING btree ("is_active",lower(translate("name", 'ÁÀÂÄÃÉÈÊËÍÌÎÏÓÒÔÖÕÚÙÛÜÑÇáàâäãéèêëíìîïóòôöõúùûüñç', 'AAAAAEEEEIIIIOOOOOUUUUNCaaaaaeeeeiiiiooooouuuunc')),"id","name");--> statement-breakpoint
-- A new index on an expression has no statistics until the table is analysed: the planner judges searches and sorts by them.
ANALYZE "bookings";--> statement-breakpoint
ANALYZE "campaigns";--> statement-breakpoint
ANALYZE "customers";--> statement-breakpoint
ANALYZE "dsps";--> statement-breakpoint
ANALYZE "plans";--> statement-breakpoint
ANALYZE "services";--> statement-breakpoint
ANALYZE "sponsors";--> statement-breakpoint
ANALYZE "users";
