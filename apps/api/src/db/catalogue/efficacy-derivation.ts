/**
 * The [D] efficacies of AGRONOMY.md §4b, derived from the S15 cooperative soybean-rust trials
 * (emdelponte/paper-soybeanrust-fungicide, MIT, bundled under
 * reference-data/catalogue/efficacy/s15-soybean-rust). Pure: CSV text in, table out, so
 * `npm run data:efficacy` writes the committed table and a test re-runs it.
 */

/** The trial codes of S15's active-ingredient combinations, as its data names them. */
const S15_COMBINATIONS = {
  trif_prot: ['trifloxystrobin', 'prothioconazole'],
  pico_cypr: ['picoxystrobin', 'cyproconazole'],
  azox_cypr: ['azoxystrobin', 'cyproconazole'],
  pyra_epox: ['pyraclostrobin', 'epoxiconazole'],
  pyra_metc: ['pyraclostrobin', 'metconazole'],
  tebu: ['tebuconazole'],
  cypr: ['cyproconazole'],
  azox: ['azoxystrobin'],
} as const satisfies Record<string, readonly string[]>;

export type S15Combination = keyof typeof S15_COMBINATIONS;

interface DerivedEfficacy {
  /** Median control of severity against the same trial's untreated check, %, one decimal. */
  efficacy: number;
  /** Median yield gain over the same trial's check, kg/ha, one decimal. */
  yield_gain_kg_ha: number | null;
  /** Trials the median is taken over. */
  trials: number;
}

export interface S15Derivation {
  source_id: 'S15';
  /** The harvest year the values come from (the latest in the data): 2014 = season 2013/14. */
  harvest_year: number;
  season: string;
  combinations: Record<S15Combination, DerivedEfficacy>;
}

interface TrialRow {
  trial: string;
  value: number;
  combination: string;
  year: number;
}

/** S15's files have CR-only line endings; a header `trial,<value>,mse,active_ingredient,year,spray`. */
function parseTrialCsv(text: string, valueColumn: 'severity' | 'yield'): TrialRow[] {
  const [header, ...lines] = text.split(/\r\n|\r|\n/);
  const columns = header!.split(',');
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`S15 data: no column ${name}`);
    return index;
  };
  const trial = at('trial');
  const value = at(valueColumn);
  const combination = at('active_ingredient');
  const year = at('year');
  return lines
    .map((line) => line.split(','))
    .filter((cells) => cells[trial])
    .map((cells) => ({
      trial: cells[trial]!,
      value: Number(cells[value]),
      combination: cells[combination]!,
      year: Number(cells[year]),
    }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** Per combination of the latest harvest year: each entry against its own trial's check. */
function mediansAgainstCheck(
  rows: TrialRow[],
  year: number,
  measure: (value: number, check: number) => number,
): Map<string, number[]> {
  const checks = new Map<string, number>();
  for (const row of rows) if (row.combination === 'check') checks.set(row.trial, row.value);
  const byCombination = new Map<string, number[]>();
  for (const row of rows) {
    const check = checks.get(row.trial);
    if (row.combination === 'check' || row.year !== year || check === undefined) continue;
    if (!Number.isFinite(row.value)) continue;
    const list = byCombination.get(row.combination) ?? [];
    list.push(measure(row.value, check));
    byCombination.set(row.combination, list);
  }
  return byCombination;
}

/**
 * AGRONOMY.md §4b: per combination, the median over the latest season's entries of
 * `100·(1 − severity / severity of the same trial's check)` (2- and 3-spray programmes pooled),
 * and the median yield gain.
 */
export function deriveS15RustEfficacy(severityCsv: string, yieldCsv: string): S15Derivation {
  const severity = parseTrialCsv(severityCsv, 'severity');
  const yields = parseTrialCsv(yieldCsv, 'yield');
  const year = Math.max(...severity.map((row) => row.year).filter(Number.isFinite));
  const control = mediansAgainstCheck(severity, year, (value, check) => 100 * (1 - value / check));
  const gain = mediansAgainstCheck(yields, year, (value, check) => value - check);
  const combinations = {} as Record<S15Combination, DerivedEfficacy>;
  for (const code of Object.keys(S15_COMBINATIONS) as S15Combination[]) {
    const controls = control.get(code);
    if (!controls?.length) throw new Error(`S15 data: no ${year} entries for ${code}`);
    const gains = gain.get(code);
    combinations[code] = {
      efficacy: oneDecimal(median(controls)),
      yield_gain_kg_ha: gains?.length ? oneDecimal(median(gains)) : null,
      trials: controls.length,
    };
  }
  return {
    source_id: 'S15',
    harvest_year: year,
    season: `${year - 1}/${String(year).slice(2)}`,
    combinations,
  };
}
