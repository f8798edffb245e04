-- The USA's season calendar (issue 12 item 6, packages/domain/src/seasons.ts): US season-crops
-- created with Brazil's periods are re-dated in place, keeping their ids (farms, plots and sowings
-- point at them).
-- Soybean: the season that started Aug 1 of Y (named Y/Y+1) becomes Mar 1 – Dec 31 of Y, named Y.
-- Wheat: the season Jan 1 – Sep 30 of Y (named Y), whose crop is harvested in Y, becomes the winter
-- wheat season Sep 1 of Y-1 – Aug 31 of Y, named Y-1/Y.
INSERT INTO "seasons" ("name")
SELECT DISTINCT CASE sc."crop_id"
    WHEN 1 THEN extract(year FROM sc."start_period")::int::text
    ELSE (extract(year FROM sc."start_period")::int - 1)::text || '/' || extract(year FROM sc."start_period")::int::text
  END
FROM "season_crops" sc
WHERE sc."country_id" = 3 AND sc."crop_id" IN (1, 2)
  AND ((sc."crop_id" = 1 AND to_char(sc."start_period", 'MM-DD') = '08-01')
    OR (sc."crop_id" = 2 AND to_char(sc."start_period", 'MM-DD') = '01-01'))
ON CONFLICT ("name") DO NOTHING;
--> statement-breakpoint
UPDATE "season_crops" sc
SET "season_id" = s."id",
    "start_period" = make_date(extract(year FROM sc."start_period")::int, 3, 1),
    "end_period" = make_date(extract(year FROM sc."start_period")::int, 12, 31)
FROM "seasons" s
WHERE sc."country_id" = 3 AND sc."crop_id" = 1
  AND to_char(sc."start_period", 'MM-DD') = '08-01'
  AND s."name" = extract(year FROM sc."start_period")::int::text;
--> statement-breakpoint
UPDATE "season_crops" sc
SET "season_id" = s."id",
    "start_period" = make_date(extract(year FROM sc."start_period")::int - 1, 9, 1),
    "end_period" = make_date(extract(year FROM sc."start_period")::int, 8, 31)
FROM "seasons" s
WHERE sc."country_id" = 3 AND sc."crop_id" = 2
  AND to_char(sc."start_period", 'MM-DD') = '01-01'
  AND s."name" = (extract(year FROM sc."start_period")::int - 1)::text || '/' || extract(year FROM sc."start_period")::int::text;
