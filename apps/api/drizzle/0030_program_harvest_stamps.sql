-- A sowing's program warns of safety intervals against the sowing's harvests and its observed
-- harvest stage (issue 30 item 4): a write to either moves the stamp of the sowing's programs, so
-- the programs list (0025) answers the warnings of the data as it is.
CREATE OR REPLACE FUNCTION lavoura_stamp_programs_of_sowing_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    ids := ids || ARRAY(
      SELECT p.id FROM programs p JOIN old_rows r ON p.account_id = r.account_id AND p.sowing_id = r.sowing_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    ids := ids || ARRAY(
      SELECT p.id FROM programs p JOIN new_rows r ON p.account_id = r.account_id AND p.sowing_id = r.sowing_id);
  END IF;
  PERFORM lavoura_stamp_programs(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER harvests_list_stamp_insert AFTER INSERT ON "harvests"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_sowing_rows();
--> statement-breakpoint
CREATE TRIGGER harvests_list_stamp_update AFTER UPDATE ON "harvests"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_sowing_rows();
--> statement-breakpoint
CREATE TRIGGER harvests_list_stamp_delete AFTER DELETE ON "harvests"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_sowing_rows();
--> statement-breakpoint
CREATE TRIGGER sowing_stage_observations_list_stamp_insert AFTER INSERT ON "sowing_stage_observations"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_sowing_rows();
--> statement-breakpoint
CREATE TRIGGER sowing_stage_observations_list_stamp_update AFTER UPDATE ON "sowing_stage_observations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_sowing_rows();
--> statement-breakpoint
CREATE TRIGGER sowing_stage_observations_list_stamp_delete AFTER DELETE ON "sowing_stage_observations"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_sowing_rows();
