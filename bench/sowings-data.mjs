// The big farm's sowings and spray programs, shared by the bench (run.mjs) and the programs list
// measurement (programs-after-write.ts).

/**
 * Ten soybean seasons of sowings on every plot of the big farm, written straight to the database:
 * the API takes sowings of the current season only, and 20,000 POSTs would measure the writes.
 * Brazil's calendar (packages/domain/src/seasons.ts): a season starts on Aug 1.
 */
export function sowingsSql(farmId) {
  const today = new Date();
  const current = today.getUTCMonth() >= 7 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const first = current - 9;
  const seasonsOf = `SELECT id, start_period FROM season_crops WHERE country_id = 1 AND crop_id = 1
    AND extract(year FROM start_period) BETWEEN ${first} AND ${current}`;
  return [
    `INSERT INTO seasons (name) SELECT y || '/' || (y + 1) FROM generate_series(${first}, ${current}) y
      ON CONFLICT (name) DO NOTHING`,
    `INSERT INTO season_crops (season_id, crop_id, country_id, start_period, end_period)
      SELECT s.id, 1, 1, make_date(y, 8, 1), make_date(y + 1, 5, 31)
      FROM generate_series(${first}, ${current}) y JOIN seasons s ON s.name = y || '/' || (y + 1)
      ON CONFLICT DO NOTHING`,
    `INSERT INTO farm_varieties (account_id, farm_id, season_crop_id, variety_id)
      SELECT f.account_id, f.id, sc.id, (SELECT min(id) FROM varieties WHERE crop_id = 1 AND listed)
      FROM farms f CROSS JOIN (${seasonsOf}) sc WHERE f.id = ${farmId}`,
    `INSERT INTO sowings (account_id, farm_id, plot_id, crop_id, season_crop_id, farm_variety_id,
        area, sowing_date, emergence_date, estimated_cycle, seed_quantity, seeder_system_id,
        seed_class_id, line_spacing, population_lines, closed_at)
      SELECT p.account_id, p.farm_id, p.id, 1, sc.id, fv.id, 8, sc.start_period + 70,
        sc.start_period + 77, 120, 480, 6, 1, 45, 14,
        CASE WHEN extract(year FROM sc.start_period) < ${current} THEN now() END
      FROM plots p CROSS JOIN (${seasonsOf}) sc
      JOIN farm_varieties fv ON fv.farm_id = p.farm_id AND fv.season_crop_id = sc.id
      WHERE p.farm_id = ${farmId} AND p.deleted_at IS NULL`,
    `INSERT INTO programs (account_id, farm_id, farm_variety_id, season_crop_id, name,
        main_disease_id, secondary_disease_ids, severity_id, expected_emergence, cycle_days)
      SELECT f.account_id, f.id, fv.id, fv.season_crop_id, 'Programa ' || g, 1, '{3}', 1,
        sc.start_period + 77, 120
      FROM farms f JOIN farm_varieties fv ON fv.farm_id = f.id
      JOIN season_crops sc ON sc.id = fv.season_crop_id CROSS JOIN generate_series(1, 50) g
      WHERE f.id = ${farmId}`,
    // The previous season's sowings each followed a program, its three sprays applied on the
    // planned day (what /api/performance counts and prices).
    `INSERT INTO programs (account_id, farm_id, farm_variety_id, season_crop_id, sowing_id, name,
        main_disease_id, secondary_disease_ids, severity_id, expected_emergence, cycle_days)
      SELECT s.account_id, s.farm_id, s.farm_variety_id, s.season_crop_id, s.id, 'Programa',
        1, '{3}', 1, s.emergence_date, 120
      FROM sowings s JOIN season_crops sc ON sc.id = s.season_crop_id
      WHERE s.farm_id = ${farmId} AND extract(year FROM sc.start_period) = ${current - 1}`,
    `INSERT INTO sprayings (account_id, program_id, ordinal, planned_date, original_date, applied_at)
      SELECT p.account_id, p.id, n, p.expected_emergence + d, p.expected_emergence + d,
        CASE WHEN p.sowing_id IS NOT NULL THEN p.expected_emergence + d END
      FROM programs p CROSS JOIN (VALUES (1, 38), (2, 59), (3, 80)) AS s(n, d)
      WHERE p.farm_id = ${farmId}`,
    `INSERT INTO spraying_products (account_id, spraying_id, pesticide_id, dose, price)
      SELECT s.account_id, s.id, x.id, x.dose, x.price FROM sprayings s
      JOIN programs p ON p.id = s.program_id
      CROSS JOIN (SELECT id, 0.4 AS dose, 180 AS price FROM pesticides WHERE name = 'Fox' AND country_id = 1
        UNION ALL SELECT min(id), 1.5, 32 FROM pesticides WHERE name LIKE 'Unizeb%' AND country_id = 1) x
      WHERE p.farm_id = ${farmId} AND x.id IS NOT NULL`,
    `INSERT INTO harvests (account_id, sowing_id, harvest_date, productivity)
      SELECT account_id, id, emergence_date + 125, 62 FROM sowings
      WHERE farm_id = ${farmId} AND closed_at IS NOT NULL`,
    `ANALYZE`,
  ];
}
