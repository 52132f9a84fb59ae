CREATE INDEX "entitlements_payment_method_created_at_idx" ON "entitlements" USING btree ("payment_method","created_at","id");--> statement-breakpoint
CREATE INDEX "services_active_idx" ON "services" USING btree ("is_active","id");--> statement-breakpoint
CREATE INDEX "users_country_idx" ON "users" USING btree ("country_id");