DROP INDEX "sales_tallies_key_idx";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "sales_tallies" ADD COLUMN "currency" text;--> statement-breakpoint
CREATE INDEX "sales_tallies_key_idx" ON "sales_tallies" USING btree ("dsp_id","status","payment_method","currency");--> statement-breakpoint
-- A campaign's currency is its country's, a plan's its campaign's: set on every write from the row
-- above, whatever the write says, and carried down when the country's currency changes.
CREATE FUNCTION "campaigns_currency_of_country"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."currency" := (SELECT "currency" FROM "countries" WHERE "id" = NEW."country_id");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION "plans_currency_of_campaign"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."currency" := (SELECT "currency" FROM "campaigns" WHERE "id" = NEW."campaign_id");
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION "countries_currency_to_campaigns"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "campaigns" SET "currency" = NEW."currency" WHERE "country_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "campaigns_currency_to_plans"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "plans" SET "currency" = NEW."currency" WHERE "campaign_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "campaigns_currency" BEFORE INSERT OR UPDATE OF "country_id", "currency" ON "campaigns" FOR EACH ROW EXECUTE FUNCTION "campaigns_currency_of_country"();
--> statement-breakpoint
CREATE TRIGGER "plans_currency" BEFORE INSERT OR UPDATE OF "campaign_id", "currency" ON "plans" FOR EACH ROW EXECUTE FUNCTION "plans_currency_of_campaign"();
--> statement-breakpoint
CREATE TRIGGER "countries_currency_down" AFTER UPDATE ON "countries" FOR EACH ROW WHEN (OLD."currency" IS DISTINCT FROM NEW."currency") EXECUTE FUNCTION "countries_currency_to_campaigns"();
--> statement-breakpoint
CREATE TRIGGER "campaigns_currency_down" AFTER UPDATE ON "campaigns" FOR EACH ROW WHEN (OLD."currency" IS DISTINCT FROM NEW."currency") EXECUTE FUNCTION "campaigns_currency_to_plans"();
--> statement-breakpoint
-- The sales tallies by currency too: each write's differences under its plans' currency.
CREATE OR REPLACE FUNCTION "sales_tallies_after_entitlements_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "priced" AS (SELECT "id", "price", "currency" FROM "plans" WHERE "id" IN (SELECT "plan_id" FROM "new_rows") FOR SHARE)
  INSERT INTO "sales_tallies" ("dsp_id", "status", "payment_method", "currency", "sales", "amount")
  SELECT n."dsp_id", n."status", n."payment_method", p."currency", count(*), coalesce(sum(p."price"), 0)
  FROM "new_rows" n LEFT JOIN "priced" p ON p."id" = n."plan_id"
  GROUP BY n."dsp_id", n."status", n."payment_method", p."currency";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_tallies_after_entitlements_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH "priced" AS (SELECT "id", "price", "currency" FROM "plans" WHERE "id" IN (SELECT "plan_id" FROM "old_rows") FOR SHARE)
  INSERT INTO "sales_tallies" ("dsp_id", "status", "payment_method", "currency", "sales", "amount")
  SELECT o."dsp_id", o."status", o."payment_method", p."currency", -count(*), -coalesce(sum(p."price"), 0)
  FROM "old_rows" o LEFT JOIN "priced" p ON p."id" = o."plan_id"
  GROUP BY o."dsp_id", o."status", o."payment_method", p."currency";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "sales_tallies_after_entitlements_update"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ), "priced" AS (SELECT "id", "price", "currency" FROM "plans" WHERE "id" IN (SELECT "plan_id" FROM "changed") FOR SHARE)
  INSERT INTO "sales_tallies" ("dsp_id", "status", "payment_method", "currency", "sales", "amount")
  SELECT c."dsp_id", c."status", c."payment_method", p."currency", sum(c."sign"), coalesce(sum(c."sign" * p."price"), 0)
  FROM "changed" c LEFT JOIN "priced" p ON p."id" = c."plan_id"
  GROUP BY c."dsp_id", c."status", c."payment_method", p."currency"
  HAVING sum(c."sign") <> 0 OR coalesce(sum(c."sign" * p."price"), 0) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A plan's new price changes the amount of its sales; its new currency moves them, counts and
-- amounts, from the old currency to the new. Most plan updates touch neither and read no sale.
CREATE OR REPLACE FUNCTION "sales_tallies_after_plans_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
    WHERE n."price" IS DISTINCT FROM o."price" OR n."currency" IS DISTINCT FROM o."currency"
  ) THEN
    INSERT INTO "sales_tallies" ("dsp_id", "status", "payment_method", "currency", "sales", "amount")
    SELECT e."dsp_id", e."status", e."payment_method", c."currency", sum(c."sign"), sum(c."sign" * coalesce(c."price", 0))
    FROM (
      SELECT o."id", o."price", o."currency", -1 AS "sign" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
      WHERE n."price" IS DISTINCT FROM o."price" OR n."currency" IS DISTINCT FROM o."currency"
      UNION ALL
      SELECT n."id", n."price", n."currency", 1 FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
      WHERE n."price" IS DISTINCT FROM o."price" OR n."currency" IS DISTINCT FROM o."currency"
    ) c JOIN "entitlements" e ON e."plan_id" = c."id"
    GROUP BY e."dsp_id", e."status", e."payment_method", c."currency"
    HAVING sum(c."sign") <> 0 OR sum(c."sign" * coalesce(c."price", 0)) <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The currencies of the countries already there; the triggers above carry them to their campaigns,
-- plans and sales tallies.
UPDATE "countries" SET "currency" = v."currency"
FROM (VALUES
  ('AD', 'EUR'), ('AE', 'AED'), ('AF', 'AFN'), ('AG', 'XCD'), ('AI', 'XCD'), ('AL', 'ALL'), ('AM', 'AMD'), ('AO', 'AOA'), ('AR', 'ARS'), ('AS', 'USD'),
  ('AT', 'EUR'), ('AU', 'AUD'), ('AW', 'AWG'), ('AX', 'EUR'), ('AZ', 'AZN'), ('BA', 'BAM'), ('BB', 'BBD'), ('BD', 'BDT'), ('BE', 'EUR'), ('BF', 'XOF'),
  ('BG', 'EUR'), ('BH', 'BHD'), ('BI', 'BIF'), ('BJ', 'XOF'), ('BL', 'EUR'), ('BM', 'BMD'), ('BN', 'BND'), ('BO', 'BOB'), ('BQ', 'USD'), ('BR', 'BRL'),
  ('BS', 'BSD'), ('BT', 'BTN'), ('BV', 'NOK'), ('BW', 'BWP'), ('BY', 'BYN'), ('BZ', 'BZD'), ('CA', 'CAD'), ('CC', 'AUD'), ('CD', 'CDF'), ('CF', 'XAF'),
  ('CG', 'XAF'), ('CH', 'CHF'), ('CI', 'XOF'), ('CK', 'NZD'), ('CL', 'CLP'), ('CM', 'XAF'), ('CN', 'CNY'), ('CO', 'COP'), ('CR', 'CRC'), ('CU', 'CUP'),
  ('CV', 'CVE'), ('CW', 'XCG'), ('CX', 'AUD'), ('CY', 'EUR'), ('CZ', 'CZK'), ('DE', 'EUR'), ('DJ', 'DJF'), ('DK', 'DKK'), ('DM', 'XCD'), ('DO', 'DOP'),
  ('DZ', 'DZD'), ('EC', 'USD'), ('EE', 'EUR'), ('EG', 'EGP'), ('EH', 'MAD'), ('ER', 'ERN'), ('ES', 'EUR'), ('ET', 'ETB'), ('FI', 'EUR'), ('FJ', 'FJD'),
  ('FK', 'FKP'), ('FM', 'USD'), ('FO', 'DKK'), ('FR', 'EUR'), ('GA', 'XAF'), ('GB', 'GBP'), ('GD', 'XCD'), ('GE', 'GEL'), ('GF', 'EUR'), ('GG', 'GBP'),
  ('GH', 'GHS'), ('GI', 'GIP'), ('GL', 'DKK'), ('GM', 'GMD'), ('GN', 'GNF'), ('GP', 'EUR'), ('GQ', 'XAF'), ('GR', 'EUR'), ('GS', 'GBP'), ('GT', 'GTQ'),
  ('GU', 'USD'), ('GW', 'XOF'), ('GY', 'GYD'), ('HK', 'HKD'), ('HM', 'AUD'), ('HN', 'HNL'), ('HR', 'EUR'), ('HT', 'HTG'), ('HU', 'HUF'), ('ID', 'IDR'),
  ('IE', 'EUR'), ('IL', 'ILS'), ('IM', 'GBP'), ('IN', 'INR'), ('IO', 'USD'), ('IQ', 'IQD'), ('IR', 'IRR'), ('IS', 'ISK'), ('IT', 'EUR'), ('JE', 'GBP'),
  ('JM', 'JMD'), ('JO', 'JOD'), ('JP', 'JPY'), ('KE', 'KES'), ('KG', 'KGS'), ('KH', 'KHR'), ('KI', 'AUD'), ('KM', 'KMF'), ('KN', 'XCD'), ('KP', 'KPW'),
  ('KR', 'KRW'), ('KW', 'KWD'), ('KY', 'KYD'), ('KZ', 'KZT'), ('LA', 'LAK'), ('LB', 'LBP'), ('LC', 'XCD'), ('LI', 'CHF'), ('LK', 'LKR'), ('LR', 'LRD'),
  ('LS', 'LSL'), ('LT', 'EUR'), ('LU', 'EUR'), ('LV', 'EUR'), ('LY', 'LYD'), ('MA', 'MAD'), ('MC', 'EUR'), ('MD', 'MDL'), ('ME', 'EUR'), ('MF', 'EUR'),
  ('MG', 'MGA'), ('MH', 'USD'), ('MK', 'MKD'), ('ML', 'XOF'), ('MM', 'MMK'), ('MN', 'MNT'), ('MO', 'MOP'), ('MP', 'USD'), ('MQ', 'EUR'), ('MR', 'MRU'),
  ('MS', 'XCD'), ('MT', 'EUR'), ('MU', 'MUR'), ('MV', 'MVR'), ('MW', 'MWK'), ('MX', 'MXN'), ('MY', 'MYR'), ('MZ', 'MZN'), ('NA', 'NAD'), ('NC', 'XPF'),
  ('NE', 'XOF'), ('NF', 'AUD'), ('NG', 'NGN'), ('NI', 'NIO'), ('NL', 'EUR'), ('NO', 'NOK'), ('NP', 'NPR'), ('NR', 'AUD'), ('NU', 'NZD'), ('NZ', 'NZD'),
  ('OM', 'OMR'), ('PA', 'PAB'), ('PE', 'PEN'), ('PF', 'XPF'), ('PG', 'PGK'), ('PH', 'PHP'), ('PK', 'PKR'), ('PL', 'PLN'), ('PM', 'EUR'), ('PN', 'NZD'),
  ('PR', 'USD'), ('PS', 'ILS'), ('PT', 'EUR'), ('PW', 'USD'), ('PY', 'PYG'), ('QA', 'QAR'), ('RE', 'EUR'), ('RO', 'RON'), ('RS', 'RSD'), ('RU', 'RUB'),
  ('RW', 'RWF'), ('SA', 'SAR'), ('SB', 'SBD'), ('SC', 'SCR'), ('SD', 'SDG'), ('SE', 'SEK'), ('SG', 'SGD'), ('SH', 'SHP'), ('SI', 'EUR'), ('SJ', 'NOK'),
  ('SK', 'EUR'), ('SL', 'SLE'), ('SM', 'EUR'), ('SN', 'XOF'), ('SO', 'SOS'), ('SR', 'SRD'), ('SS', 'SSP'), ('ST', 'STN'), ('SV', 'USD'), ('SX', 'XCG'),
  ('SY', 'SYP'), ('SZ', 'SZL'), ('TC', 'USD'), ('TD', 'XAF'), ('TF', 'EUR'), ('TG', 'XOF'), ('TH', 'THB'), ('TJ', 'TJS'), ('TK', 'NZD'), ('TL', 'USD'),
  ('TM', 'TMT'), ('TN', 'TND'), ('TO', 'TOP'), ('TR', 'TRY'), ('TT', 'TTD'), ('TV', 'AUD'), ('TW', 'TWD'), ('TZ', 'TZS'), ('UA', 'UAH'), ('UG', 'UGX'),
  ('UM', 'USD'), ('US', 'USD'), ('UY', 'UYU'), ('UZ', 'UZS'), ('VA', 'EUR'), ('VC', 'XCD'), ('VE', 'VES'), ('VG', 'USD'), ('VI', 'USD'), ('VN', 'VND'),
  ('VU', 'VUV'), ('WF', 'XPF'), ('WS', 'WST'), ('XK', 'EUR'), ('YE', 'YER'), ('YT', 'EUR'), ('ZA', 'ZAR'), ('ZM', 'ZMW'), ('ZW', 'USD')
) AS v("code", "currency")
WHERE "countries"."code" = v."code";
--> statement-breakpoint
-- Campaigns of countries without a currency keep none; the tallies, rebuilt folded, one row per key.
DELETE FROM "sales_tallies";
--> statement-breakpoint
INSERT INTO "sales_tallies" ("dsp_id", "status", "payment_method", "currency", "sales", "amount", "folded")
SELECT e."dsp_id", e."status", e."payment_method", p."currency", count(*), coalesce(sum(p."price"), 0), true
FROM "entitlements" e LEFT JOIN "plans" p ON p."id" = e."plan_id"
GROUP BY e."dsp_id", e."status", e."payment_method", p."currency";
