DROP INDEX "sowings_account_farm_index";--> statement-breakpoint
CREATE INDEX "sowings_account_farm_season_index" ON "sowings" USING btree ("account_id","farm_id","season_crop_id");