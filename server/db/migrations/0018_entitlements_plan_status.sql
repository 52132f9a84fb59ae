DROP INDEX "entitlements_plan_idx";--> statement-breakpoint
CREATE INDEX "entitlements_plan_status_idx" ON "entitlements" USING btree ("plan_id","status");