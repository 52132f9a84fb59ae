CREATE TABLE "sales_tallies" (
	"dsp_id" integer NOT NULL,
	"status" "entitlement_status" NOT NULL,
	"payment_method" text,
	"sales" bigint NOT NULL,
	"amount" numeric NOT NULL,
	"folded" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_tallies" ADD CONSTRAINT "sales_tallies_dsp_id_dsps_id_fk" FOREIGN KEY ("dsp_id") REFERENCES "public"."dsps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_tallies_key_idx" ON "sales_tallies" USING btree ("dsp_id","status","payment_method");--> statement-breakpoint
-- The differences a statement's subscriptions make to the tallies, one row per DSP, status and
-- payment method it touched. The plans are read FOR SHARE: a price changing at the same moment
-- waits for this transaction, or this one reads the new price once that change commits, so no sale
-- is counted at a price its plan no longer has.
CREATE FUNCTION "sales_tallies_after_entitlements_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "priced" AS (SELECT "id", "price" FROM "plans" WHERE "id" IN (SELECT "plan_id" FROM "new_rows") FOR SHARE)
  INSERT INTO "sales_tallies" ("dsp_id", "status", "payment_method", "sales", "amount")
  SELECT n."dsp_id", n."status", n."payment_method", count(*), coalesce(sum(p."price"), 0)
  FROM "new_rows" n LEFT JOIN "priced" p ON p."id" = n."plan_id"
  GROUP BY n."dsp_id", n."status", n."payment_method";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "sales_tallies_after_entitlements_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "priced" AS (SELECT "id", "price" FROM "plans" WHERE "id" IN (SELECT "plan_id" FROM "old_rows") FOR SHARE)
  INSERT INTO "sales_tallies" ("dsp_id", "status", "payment_method", "sales", "amount")
  SELECT o."dsp_id", o."status", o."payment_method", -count(*), -coalesce(sum(p."price"), 0)
  FROM "old_rows" o LEFT JOIN "priced" p ON p."id" = o."plan_id"
  GROUP BY o."dsp_id", o."status", o."payment_method";
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update counts only the subscriptions whose DSP, status, payment method or plan changed: out
-- of their old key, into their new one.
CREATE FUNCTION "sales_tallies_after_entitlements_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "moved" AS (
    SELECT o."dsp_id" AS "old_dsp_id", o."status" AS "old_status", o."payment_method" AS "old_payment_method", o."plan_id" AS "old_plan_id",
      n."dsp_id", n."status", n."payment_method", n."plan_id"
    FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
    WHERE (o."dsp_id", o."status", o."payment_method", o."plan_id") IS DISTINCT FROM (n."dsp_id", n."status", n."payment_method", n."plan_id")
  ), "changed" AS (
    SELECT "old_dsp_id" AS "dsp_id", "old_status" AS "status", "old_payment_method" AS "payment_method", "old_plan_id" AS "plan_id", -1 AS "sign" FROM "moved"
    UNION ALL
    SELECT "dsp_id", "status", "payment_method", "plan_id", 1 FROM "moved"
  ), "priced" AS (SELECT "id", "price" FROM "plans" WHERE "id" IN (SELECT "plan_id" FROM "changed") FOR SHARE)
  INSERT INTO "sales_tallies" ("dsp_id", "status", "payment_method", "sales", "amount")
  SELECT c."dsp_id", c."status", c."payment_method", sum(c."sign"), coalesce(sum(c."sign" * p."price"), 0)
  FROM "changed" c LEFT JOIN "priced" p ON p."id" = c."plan_id"
  GROUP BY c."dsp_id", c."status", c."payment_method"
  HAVING sum(c."sign") <> 0 OR coalesce(sum(c."sign" * p."price"), 0) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A plan's new price changes the amount of every sale of it. Most plan updates (a name, a status)
-- do not touch the price and read no subscription.
CREATE FUNCTION "sales_tallies_after_plans_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id" WHERE n."price" IS DISTINCT FROM o."price") THEN
    INSERT INTO "sales_tallies" ("dsp_id", "status", "payment_method", "sales", "amount")
    SELECT e."dsp_id", e."status", e."payment_method", 0, sum(coalesce(c."new_price", 0) - coalesce(c."old_price", 0))
    FROM (
      SELECT n."id", o."price" AS "old_price", n."price" AS "new_price"
      FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
      WHERE n."price" IS DISTINCT FROM o."price"
    ) c JOIN "entitlements" e ON e."plan_id" = c."id"
    GROUP BY e."dsp_id", e."status", e."payment_method";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "entitlements_tally_insert" AFTER INSERT ON "entitlements" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sales_tallies_after_entitlements_insert"();
--> statement-breakpoint
CREATE TRIGGER "entitlements_tally_delete" AFTER DELETE ON "entitlements" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sales_tallies_after_entitlements_delete"();
--> statement-breakpoint
CREATE TRIGGER "entitlements_tally_update" AFTER UPDATE ON "entitlements" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sales_tallies_after_entitlements_update"();
--> statement-breakpoint
CREATE TRIGGER "plans_tally_price" AFTER UPDATE ON "plans" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "sales_tallies_after_plans_update"();
--> statement-breakpoint
-- The sales already written, one folded row per key.
INSERT INTO "sales_tallies" ("dsp_id", "status", "payment_method", "sales", "amount", "folded")
SELECT e."dsp_id", e."status", e."payment_method", count(*), coalesce(sum(p."price"), 0), true
FROM "entitlements" e LEFT JOIN "plans" p ON p."id" = e."plan_id"
GROUP BY e."dsp_id", e."status", e."payment_method";
