-- The program list is cached per account data version (http/versioned-answers.ts): the products
-- of its sprayings and its pauses move the account's counter too (programs, sprayings, sowings and
-- farm varieties already do: migrations 0007, 0017).
CREATE TRIGGER spraying_products_data_version AFTER INSERT OR UPDATE OR DELETE ON "spraying_products"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
--> statement-breakpoint
CREATE TRIGGER program_pauses_data_version AFTER INSERT OR UPDATE OR DELETE ON "program_pauses"
  FOR EACH ROW EXECUTE FUNCTION lavoura_bump_data_version();
