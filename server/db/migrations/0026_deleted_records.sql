CREATE TABLE "deleted_records" (
	"entry_id" integer PRIMARY KEY NOT NULL,
	"row" jsonb NOT NULL,
	"related" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"files" text[] DEFAULT '{}'::text[] NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deleted_records" ADD CONSTRAINT "deleted_records_entry_id_audit_log_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."audit_log"("id") ON DELETE cascade ON UPDATE no action;