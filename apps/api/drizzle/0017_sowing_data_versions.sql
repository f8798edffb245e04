-- The sowing list is cached per account data version (http/versioned-answers.ts, as the farm and
-- plot lists since 0007): what it shows of harvests, stage observations, programs, sprayings and a
-- sowing's farm variety moves the account's counter too, in the writing transaction.
CREATE TRIGGER harvests_data_version AFTER INSERT OR UPDATE OR DELETE ON "harvests"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER sowing_stage_observations_data_version AFTER INSERT OR UPDATE OR DELETE ON "sowing_stage_observations"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER programs_data_version AFTER INSERT OR UPDATE OR DELETE ON "programs"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER sprayings_data_version AFTER INSERT OR UPDATE OR DELETE ON "sprayings"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER farm_varieties_data_version AFTER INSERT OR UPDATE OR DELETE ON "farm_varieties"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
