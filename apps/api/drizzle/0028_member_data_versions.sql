-- The users list is a kept answer too (modules/users/users.service.ts): every write to what it
-- shows moves the account's data version (0007), and with it the notification of 0027. A
-- membership and its farms are the account's rows; a person's name, e-mail, language, activation
-- and phones are shown in every account they belong to.
CREATE TRIGGER memberships_data_version AFTER INSERT OR UPDATE OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER membership_farms_data_version AFTER INSERT OR UPDATE OR DELETE ON "membership_farms"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
-- Moves the version of every account the row's person belongs to; the argument names the
-- person's column ('id' on users, 'user_id' on user_phones).
CREATE OR REPLACE FUNCTION lavoura_bump_member_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  person integer;
BEGIN
  IF TG_OP = 'DELETE' THEN
    person := (to_jsonb(OLD) ->> TG_ARGV[0])::integer;
  ELSE
    person := (to_jsonb(NEW) ->> TG_ARGV[0])::integer;
  END IF;
  INSERT INTO account_data_versions AS v (account_id, version)
    SELECT DISTINCT account_id, 1 FROM memberships WHERE user_id = person
    ON CONFLICT (account_id) DO UPDATE SET version = v.version + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_member_data_version AFTER UPDATE OF name, email, language, activated_at ON "users"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_member_accounts('id');
--> statement-breakpoint
CREATE TRIGGER user_phones_member_data_version AFTER INSERT OR UPDATE OR DELETE ON "user_phones"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_member_accounts('user_id');
