-- Kept answers follow the database (NOTIFY lavoura_sessions, as 0002). The session cache
-- (modules/auth/session-cache.ts) also keeps the signed-in user as the shell shows them (GET
-- /api/menu/dados-usuario): every column that answer reads now raises the session notification.
DROP TRIGGER IF EXISTS users_session_notify ON "users";
--> statement-breakpoint
CREATE TRIGGER users_session_notify
  AFTER UPDATE OF session_epoch, name, email, language, first_login, password_type OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('user', 'id');
--> statement-breakpoint
DROP TRIGGER IF EXISTS memberships_session_notify ON "memberships";
--> statement-breakpoint
CREATE TRIGGER memberships_session_notify
  AFTER UPDATE OF active, profile_id, account_id, user_id, job_title_id, accepted_at OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('member', 'id');
--> statement-breakpoint
-- The answer counts the account's active members: a member added, removed or (de)activated
-- concerns every session of the account.
CREATE TRIGGER memberships_account_session_notify
  AFTER INSERT OR UPDATE OF active, account_id OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('account', 'account_id');
--> statement-breakpoint
DROP TRIGGER IF EXISTS accounts_session_notify ON "accounts";
--> statement-breakpoint
CREATE TRIGGER accounts_session_notify
  AFTER UPDATE OF plan_id, contract_start, internal, country_id, name, state_id, city_id, max_users, contracted_area OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('account', 'id');
--> statement-breakpoint
CREATE TRIGGER user_phones_session_notify AFTER INSERT OR UPDATE OR DELETE ON "user_phones"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('user', 'user_id');
--> statement-breakpoint
-- The price list is kept in memory per process (modules/plans/billing-plans.service.ts): a
-- billing plan written anywhere tells every process to read it again.
CREATE TRIGGER billing_plans_notify AFTER INSERT OR UPDATE OR DELETE ON "billing_plans"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('prices', 'id');
--> statement-breakpoint
-- A catalogue page is kept per account data version (modules/catalogue/catalogue.service.ts): the
-- account's own products and varieties move it (the bundled rows, without an account, do not),
-- and so does renaming a person whose name a page shows as their informer.
CREATE TRIGGER pesticides_data_version AFTER INSERT OR UPDATE ON "pesticides"
  FOR EACH ROW WHEN (NEW.account_id IS NOT NULL) EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER pesticides_data_version_delete AFTER DELETE ON "pesticides"
  FOR EACH ROW WHEN (OLD.account_id IS NOT NULL) EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER varieties_data_version AFTER INSERT OR UPDATE ON "varieties"
  FOR EACH ROW WHEN (NEW.account_id IS NOT NULL) EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER varieties_data_version_delete AFTER DELETE ON "varieties"
  FOR EACH ROW WHEN (OLD.account_id IS NOT NULL) EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lavoura_bump_informer_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO account_data_versions AS v (account_id, version)
    SELECT account_id, 1 FROM pesticides WHERE informed_by = NEW.id AND account_id IS NOT NULL
    UNION SELECT account_id, 1 FROM varieties WHERE informed_by = NEW.id AND account_id IS NOT NULL
    ON CONFLICT (account_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_informer_data_version AFTER UPDATE OF name ON "users"
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION lavoura_bump_informer_accounts();
