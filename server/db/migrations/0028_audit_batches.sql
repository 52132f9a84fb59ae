ALTER TABLE "audit_log" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "batch_grouped" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_batch_idx" ON "audit_log" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "audit_log_lines_idx" ON "audit_log" USING btree ("created_at") WHERE not "audit_log"."batch_grouped";