CREATE TABLE "row_tallies" (
	"relation" text NOT NULL,
	"dsp_id" integer,
	"rows" bigint NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "row_tallies_key_idx" ON "row_tallies" USING btree ("relation","dsp_id");--> statement-breakpoint
-- How many rows a statement added to or took from its table (TG_TABLE_NAME: one function for every
-- table counted). A statement that wrote none adds nothing.
CREATE FUNCTION "row_tallies_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "row_tallies" ("relation", "rows") SELECT TG_TABLE_NAME, count(*) FROM "new_rows" HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "row_tallies_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "row_tallies" ("relation", "rows") SELECT TG_TABLE_NAME, -count(*) FROM "old_rows" HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The same per DSP, for a table whose lists are a DSP's (its bookings); an update that moves rows to
-- another DSP counts them out of one and into the other.
CREATE FUNCTION "row_tallies_by_dsp_after_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "row_tallies" ("relation", "dsp_id", "rows") SELECT TG_TABLE_NAME, "dsp_id", count(*) FROM "new_rows" GROUP BY "dsp_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "row_tallies_by_dsp_after_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "row_tallies" ("relation", "dsp_id", "rows") SELECT TG_TABLE_NAME, "dsp_id", -count(*) FROM "old_rows" GROUP BY "dsp_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "row_tallies_by_dsp_after_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "row_tallies" ("relation", "dsp_id", "rows")
  SELECT TG_TABLE_NAME, "dsp_id", sum("sign") FROM (
    SELECT o."dsp_id", -1 AS "sign" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id" WHERE n."dsp_id" <> o."dsp_id"
    UNION ALL
    SELECT n."dsp_id", 1 FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id" WHERE n."dsp_id" <> o."dsp_id"
  ) "moved"
  GROUP BY "dsp_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A table emptied at once (the scale set's --reset) fires no row trigger: its tallies go with it.
CREATE FUNCTION "row_tallies_after_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "row_tallies" WHERE "relation" = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sales_tallies_after_entitlements_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "sales_tallies";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "entitlements_tally_truncate" AFTER TRUNCATE ON "entitlements" FOR EACH STATEMENT EXECUTE FUNCTION "sales_tallies_after_entitlements_truncate"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_rows_insert" AFTER INSERT ON "campaigns" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_rows_delete" AFTER DELETE ON "campaigns" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_rows_truncate" AFTER TRUNCATE ON "campaigns" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_truncate"();
--> statement-breakpoint
CREATE TRIGGER "plans_rows_insert" AFTER INSERT ON "plans" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "plans_rows_delete" AFTER DELETE ON "plans" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "plans_rows_truncate" AFTER TRUNCATE ON "plans" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_truncate"();
--> statement-breakpoint
CREATE TRIGGER "services_rows_insert" AFTER INSERT ON "services" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "services_rows_delete" AFTER DELETE ON "services" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "services_rows_truncate" AFTER TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_truncate"();
--> statement-breakpoint
CREATE TRIGGER "users_rows_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "users_rows_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "users_rows_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_truncate"();
--> statement-breakpoint
CREATE TRIGGER "bookings_rows_insert" AFTER INSERT ON "bookings" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_by_dsp_after_insert"();
--> statement-breakpoint
CREATE TRIGGER "bookings_rows_delete" AFTER DELETE ON "bookings" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_by_dsp_after_delete"();
--> statement-breakpoint
CREATE TRIGGER "bookings_rows_update" AFTER UPDATE ON "bookings" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_by_dsp_after_update"();
--> statement-breakpoint
CREATE TRIGGER "bookings_rows_truncate" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION "row_tallies_after_truncate"();
--> statement-breakpoint
-- The rows already there, one folded row per key.
INSERT INTO "row_tallies" ("relation", "rows", "folded")
SELECT 'campaigns', count(*), true FROM "campaigns"
UNION ALL SELECT 'plans', count(*), true FROM "plans"
UNION ALL SELECT 'services', count(*), true FROM "services"
UNION ALL SELECT 'users', count(*), true FROM "users";
--> statement-breakpoint
INSERT INTO "row_tallies" ("relation", "dsp_id", "rows", "folded") SELECT 'bookings', "dsp_id", count(*), true FROM "bookings" GROUP BY "dsp_id";
