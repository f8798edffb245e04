CREATE SEQUENCE "public"."program_list_stamps" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "programs" ADD COLUMN "list_stamp" bigint DEFAULT nextval('program_list_stamps') NOT NULL;--> statement-breakpoint
-- The programs list keeps each program's entry as JSON under its list_stamp (issue 29 item 10):
-- every write to what the entry shows moves the stamp in the writing transaction, whichever path
-- wrote it. A write to the program itself takes a new stamp unless it set one.
CREATE OR REPLACE FUNCTION lavoura_program_list_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.list_stamp = OLD.list_stamp THEN
    NEW.list_stamp := nextval('program_list_stamps');
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER programs_list_stamp BEFORE UPDATE ON "programs"
  FOR EACH ROW EXECUTE FUNCTION lavoura_program_list_stamp();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lavoura_stamp_programs(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(ids) > 0 THEN
    UPDATE programs SET list_stamp = nextval('program_list_stamps') WHERE id = ANY(ids);
  END IF;
END
$$;
--> statement-breakpoint
-- The other tables stamp their programs once per statement, from its rows before (old_rows) and
-- after (new_rows). Sprayings and pauses name their program.
CREATE OR REPLACE FUNCTION lavoura_stamp_programs_of_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    ids := ids || ARRAY(SELECT program_id FROM old_rows);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    ids := ids || ARRAY(SELECT program_id FROM new_rows);
  END IF;
  PERFORM lavoura_stamp_programs(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sprayings_list_stamp_insert AFTER INSERT ON "sprayings"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_rows();
--> statement-breakpoint
CREATE TRIGGER sprayings_list_stamp_update AFTER UPDATE ON "sprayings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_rows();
--> statement-breakpoint
CREATE TRIGGER sprayings_list_stamp_delete AFTER DELETE ON "sprayings"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_rows();
--> statement-breakpoint
CREATE TRIGGER program_pauses_list_stamp_insert AFTER INSERT ON "program_pauses"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_rows();
--> statement-breakpoint
CREATE TRIGGER program_pauses_list_stamp_update AFTER UPDATE ON "program_pauses"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_rows();
--> statement-breakpoint
CREATE TRIGGER program_pauses_list_stamp_delete AFTER DELETE ON "program_pauses"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_rows();
--> statement-breakpoint
-- A spraying's products: their program through the spraying (one deleted with its spraying is
-- the spraying's write).
CREATE OR REPLACE FUNCTION lavoura_stamp_programs_of_spraying_products() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    ids := ids || ARRAY(SELECT s.program_id FROM old_rows r JOIN sprayings s ON s.id = r.spraying_id);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    ids := ids || ARRAY(SELECT s.program_id FROM new_rows r JOIN sprayings s ON s.id = r.spraying_id);
  END IF;
  PERFORM lavoura_stamp_programs(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER spraying_products_list_stamp_insert AFTER INSERT ON "spraying_products"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_spraying_products();
--> statement-breakpoint
CREATE TRIGGER spraying_products_list_stamp_update AFTER UPDATE ON "spraying_products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_spraying_products();
--> statement-breakpoint
CREATE TRIGGER spraying_products_list_stamp_delete AFTER DELETE ON "spraying_products"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_spraying_products();
--> statement-breakpoint
-- A sowing is its program's emergence, cycle and area; a plan's area is the sum of the live
-- sowings of its farm variety.
CREATE OR REPLACE FUNCTION lavoura_stamp_programs_of_sowings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    ids := ids || ARRAY(
      SELECT p.id FROM programs p JOIN old_rows r ON p.account_id = r.account_id AND p.sowing_id = r.id
      UNION
      SELECT p.id FROM programs p WHERE p.sowing_id IS NULL
        AND (p.account_id, p.farm_variety_id) IN (SELECT account_id, farm_variety_id FROM old_rows));
  END IF;
  IF TG_OP <> 'DELETE' THEN
    ids := ids || ARRAY(
      SELECT p.id FROM programs p JOIN new_rows r ON p.account_id = r.account_id AND p.sowing_id = r.id
      UNION
      SELECT p.id FROM programs p WHERE p.sowing_id IS NULL
        AND (p.account_id, p.farm_variety_id) IN (SELECT account_id, farm_variety_id FROM new_rows));
  END IF;
  PERFORM lavoura_stamp_programs(ids);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sowings_list_stamp_insert AFTER INSERT ON "sowings"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_sowings();
--> statement-breakpoint
CREATE TRIGGER sowings_list_stamp_update AFTER UPDATE ON "sowings"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_sowings();
--> statement-breakpoint
CREATE TRIGGER sowings_list_stamp_delete AFTER DELETE ON "sowings"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_sowings();
--> statement-breakpoint
-- A farm variety names the variety whose cycle range an imported program falls back on (a new one
-- has no program yet; one deleted sets its programs' farm_variety_id, a write to them).
CREATE OR REPLACE FUNCTION lavoura_stamp_programs_of_farm_varieties() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lavoura_stamp_programs(ARRAY(
    SELECT p.id FROM programs p
    WHERE (p.account_id, p.farm_variety_id) IN (SELECT account_id, id FROM new_rows)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER farm_varieties_list_stamp_update AFTER UPDATE ON "farm_varieties"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_farm_varieties();
--> statement-breakpoint
-- A variety's cycle range (an account's own variety, or the catalogue's on a new version).
CREATE OR REPLACE FUNCTION lavoura_stamp_programs_of_varieties() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lavoura_stamp_programs(ARRAY(
    SELECT p.id FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN farm_varieties fv ON fv.variety_id = n.id
    JOIN programs p ON p.account_id = fv.account_id AND p.farm_variety_id = fv.id
    WHERE (n.min_cycle, n.max_cycle) IS DISTINCT FROM (o.min_cycle, o.max_cycle)));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER varieties_list_stamp_update AFTER UPDATE ON "varieties"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_varieties();
--> statement-breakpoint
-- An account's own product: its name and formulation are shown, its actives, registrations and
-- efficacies scored. The catalogue's products change only with a new catalogue version, which
-- the list reads with the stamps (reference_versions).
CREATE OR REPLACE FUNCTION lavoura_stamp_programs_spraying(products integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(products) > 0 THEN
    PERFORM lavoura_stamp_programs(ARRAY(
      SELECT s.program_id FROM pesticides pe
      JOIN spraying_products sp ON sp.account_id = pe.account_id AND sp.pesticide_id = pe.id
      JOIN sprayings s ON s.account_id = sp.account_id AND s.id = sp.spraying_id
      WHERE pe.id = ANY(products)));
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lavoura_stamp_programs_of_pesticides() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lavoura_stamp_programs_spraying(ARRAY(
    SELECT id FROM new_rows WHERE account_id IS NOT NULL));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pesticides_list_stamp_update AFTER UPDATE ON "pesticides"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_pesticides();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lavoura_stamp_programs_of_product_facts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  products integer[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    products := products || ARRAY(SELECT DISTINCT r.pesticide_id FROM old_rows r
      JOIN pesticides pe ON pe.id = r.pesticide_id WHERE pe.account_id IS NOT NULL);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    products := products || ARRAY(SELECT DISTINCT r.pesticide_id FROM new_rows r
      JOIN pesticides pe ON pe.id = r.pesticide_id WHERE pe.account_id IS NOT NULL);
  END IF;
  PERFORM lavoura_stamp_programs_spraying(products);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER pesticide_doses_list_stamp_insert AFTER INSERT ON "pesticide_doses"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_product_facts();
--> statement-breakpoint
CREATE TRIGGER pesticide_doses_list_stamp_update AFTER UPDATE ON "pesticide_doses"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_product_facts();
--> statement-breakpoint
CREATE TRIGGER pesticide_doses_list_stamp_delete AFTER DELETE ON "pesticide_doses"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_product_facts();
--> statement-breakpoint
CREATE TRIGGER pesticide_efficacies_list_stamp_insert AFTER INSERT ON "pesticide_efficacies"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_product_facts();
--> statement-breakpoint
CREATE TRIGGER pesticide_efficacies_list_stamp_update AFTER UPDATE ON "pesticide_efficacies"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_product_facts();
--> statement-breakpoint
CREATE TRIGGER pesticide_efficacies_list_stamp_delete AFTER DELETE ON "pesticide_efficacies"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION lavoura_stamp_programs_of_product_facts();
