-- The account's subscription is a kept answer too (modules/plans/subscriptions.service.ts): its
-- subscriptions, bills and cards move the account's data version (0007, notified by 0027), and a
-- billing plan written anew moves the version of every account subscribed to it.
CREATE TRIGGER subscriptions_data_version AFTER INSERT OR UPDATE OR DELETE ON "subscriptions"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER bills_data_version AFTER INSERT OR UPDATE OR DELETE ON "bills"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER payment_profiles_data_version AFTER INSERT OR UPDATE OR DELETE ON "payment_profiles"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lavoura_bump_plan_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_data_versions AS v (account_id, version)
    SELECT DISTINCT account_id, 1 FROM subscriptions WHERE billing_plan_id = OLD.id
    ON CONFLICT (account_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER billing_plans_data_version AFTER UPDATE OR DELETE ON "billing_plans"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_plan_accounts();
