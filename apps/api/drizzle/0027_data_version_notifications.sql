-- Each process keeps every account's data version in memory (modules/farms/data-versions.service.ts)
-- so a kept answer costs no query. Every move of the counter, whichever trigger moves it (0007,
-- 0017, 0019, 0026), raises the session channel's notification '<schema>:data:<account_id>' in
-- the same statement, and each process forgets that account's version. Raised at commit; within
-- one transaction PostgreSQL sends a repeated payload once.
CREATE TRIGGER account_data_versions_notify AFTER INSERT OR UPDATE OR DELETE ON "account_data_versions"
  FOR EACH ROW EXECUTE FUNCTION lavoura_session_notify('data', 'account_id');
