ALTER TABLE "users" ADD COLUMN "session_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Sessions are cached per process (modules/auth/session-cache.ts). Every change that can end or
-- alter a session raises NOTIFY lavoura_sessions '<schema>:<kind>:<id>' so each process forgets
-- the entries concerned. TG_ARGV: the kind, then the column holding the id.
CREATE OR REPLACE FUNCTION lavoura_session_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb := to_jsonb(CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NEW END);
BEGIN
  PERFORM pg_notify('lavoura_sessions', TG_TABLE_SCHEMA || ':' || TG_ARGV[0] || ':' || (changed ->> TG_ARGV[1]));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_session_notify AFTER UPDATE OF session_epoch OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('user', 'id');
--> statement-breakpoint
CREATE TRIGGER memberships_session_notify
  AFTER UPDATE OF active, profile_id, account_id, user_id OR DELETE ON "memberships"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('member', 'id');
--> statement-breakpoint
CREATE TRIGGER accounts_session_notify
  AFTER UPDATE OF plan_id, contract_start, internal, country_id OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('account', 'id');
--> statement-breakpoint
CREATE TRIGGER membership_farms_session_notify AFTER INSERT OR UPDATE OR DELETE ON "membership_farms"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('member', 'membership_id');
--> statement-breakpoint
CREATE TRIGGER revoked_tokens_session_notify AFTER INSERT ON "revoked_tokens"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('token', 'jti');
