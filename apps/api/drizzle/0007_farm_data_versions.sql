CREATE TABLE "account_data_versions" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_data_versions" ADD CONSTRAINT "account_data_versions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every write to what a farm or plot list shows moves its account's counter on, in the writing
-- transaction: a list cached at one version is still right while the counter stays. One row per
-- account, created by the first write.
CREATE OR REPLACE FUNCTION lavoura_bump_data_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  account integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.account_id ELSE NEW.account_id END;
BEGIN
  INSERT INTO account_data_versions AS v (account_id, version) VALUES (account, 1)
    ON CONFLICT (account_id) DO UPDATE SET version = v.version + 1;
  IF TG_OP = 'UPDATE' AND OLD.account_id <> NEW.account_id THEN
    INSERT INTO account_data_versions AS v (account_id, version) VALUES (OLD.account_id, 1)
      ON CONFLICT (account_id) DO UPDATE SET version = v.version + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER farms_data_version AFTER INSERT OR UPDATE OR DELETE ON "farms"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER farm_bag_prices_data_version AFTER INSERT OR UPDATE OR DELETE ON "farm_bag_prices"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER plots_data_version AFTER INSERT OR UPDATE OR DELETE ON "plots"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER sowings_data_version AFTER INSERT OR UPDATE OR DELETE ON "sowings"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
