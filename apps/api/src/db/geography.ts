import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Executor } from './client.ts';
import * as t from './schema.ts';

/**
 * The authoritative states and cities bundled under reference-data/geography (see
 * docs/data-sources.md): Brazil's UFs and municipalities with IBGE codes, the US states and
 * counties with FIPS codes, Paraguay's departments and districts with the tax authority's (SIFEN)
 * codes. A US farm's "city" is its county.
 */
interface OfficialState {
  /** ISO 3166-2 suffix, the key states.code already holds ('PR', 'IA'). */
  code: string;
  officialCode: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

interface OfficialCity {
  /** ISO code of its state. */
  stateCode: string;
  officialCode: string;
  name: string;
  latitude: number | null;
  longitude: number | null;
}

export interface OfficialGeography {
  states: OfficialState[];
  cities: OfficialCity[];
}

/** The folder of the data files, from the sources (src/db) or from the bundle (dist). */
export function findGeographyDir(from = path.dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    for (const candidate of [
      path.join(dir, 'reference-data', 'geography'),
      path.join(dir, 'src', 'db', 'reference-data', 'geography'),
    ]) {
      if (fs.existsSync(path.join(candidate, 'brazil', 'states.csv'))) return candidate;
    }
  }
  throw new Error(`No reference-data/geography above ${from}`);
}

/** Rows of one of our CSV files: a header line, comma-separated, no quoting (no value has a comma). */
function readCsv(file: string): Record<string, string>[] {
  const [header, ...lines] = fs.readFileSync(file, 'utf8').split('\n');
  const columns = header!.split(',');
  return lines
    .filter((line) => line !== '')
    .map((line) => {
      const values = line.split(',');
      if (values.length !== columns.length) throw new Error(`${file}: bad line ${line}`);
      return Object.fromEntries(columns.map((column, i) => [column, values[i]!]));
    });
}

const coordinate = (value: string | undefined): number | null =>
  value === undefined || value === '' ? null : Number(value);

/** The official list of a country (by acronym), or undefined where we have none. */
export async function officialGeography(
  acronym: string,
  dir = findGeographyDir(),
): Promise<OfficialGeography | undefined> {
  if (acronym === 'BR') {
    const states = readCsv(path.join(dir, 'brazil', 'states.csv')).map((row) => ({
      code: row.uf!,
      officialCode: row.ibge!,
      name: row.name!,
      latitude: coordinate(row.latitude),
      longitude: coordinate(row.longitude),
    }));
    const ufByIbge = new Map(states.map((s) => [s.officialCode, s.code]));
    const cities = readCsv(path.join(dir, 'brazil', 'municipalities.csv')).map((row) => ({
      stateCode: ufByIbge.get(row.state_ibge!)!,
      officialCode: row.ibge!,
      name: row.name!,
      latitude: coordinate(row.latitude),
      longitude: coordinate(row.longitude),
    }));
    return { states, cities };
  }
  if (acronym === 'US') {
    const states = readCsv(path.join(dir, 'usa', 'states.csv')).map((row) => ({
      code: row.usps!,
      officialCode: row.fips!,
      name: row.name!,
      latitude: coordinate(row.latitude),
      longitude: coordinate(row.longitude),
    }));
    const uspsByFips = new Map(states.map((s) => [s.officialCode, s.code]));
    const cities = readCsv(path.join(dir, 'usa', 'counties.csv')).map((row) => ({
      stateCode: uspsByFips.get(row.fips!.slice(0, 2))!,
      officialCode: row.fips!,
      name: row.name!,
      latitude: coordinate(row.latitude),
      longitude: coordinate(row.longitude),
    }));
    return { states, cities };
  }
  if (acronym === 'PY') return paraguayGeography(dir, await packagePlaces('PY'));
  return undefined;
}

interface Point {
  latitude: number | null;
  longitude: number | null;
}

/** Places of the country-state-city package: its states and its cities, with coordinates. */
interface PackagePlaces {
  states: { isoCode: string; latitude?: string | null; longitude?: string | null }[];
  cities: {
    stateCode: string;
    name: string;
    latitude?: string | null;
    longitude?: string | null;
  }[];
}

/**
 * A country's places in the country-state-city package (3.2.1: the data of
 * dr5hn/countries-states-cities-database, ODbL-1.0). Imported here only, when a geography version
 * is loaded: its 8 MB of cities are read then, not on every start.
 */
async function packagePlaces(acronym: string): Promise<PackagePlaces> {
  const { City, State } = await import('country-state-city');
  return {
    states: State.getStatesOfCountry(acronym),
    cities: City.getCitiesOfCountry(acronym) ?? [],
  };
}

/**
 * Paraguay's bounds, with a margin: a package coordinate outside them is wrong (the package puts
 * its Central Department in Oklahoma) and is not used.
 */
const PARAGUAY_BOUNDS = { south: -28, north: -19, west: -63, east: -54 };

function packagePoint(
  latitude: string | null | undefined,
  longitude: string | null | undefined,
): Point {
  const lat = Number(latitude);
  const lon = Number(longitude);
  const b = PARAGUAY_BOUNDS;
  return latitude && longitude && lat >= b.south && lat <= b.north && lon >= b.west && lon <= b.east
    ? { latitude: lat, longitude: lon }
    : { latitude: null, longitude: null };
}

/**
 * Paraguay's 18 departments (the 17 and the capital) and their districts from the SIFEN
 * catalogue of the tax authority (reference-data/geography/paraguay, see its NOTICE). A department
 * is keyed by its ISO 3166-2:PY code, given in departments.csv by matching the SIFEN name to the
 * ISO subdivision name (SIFEN 1 CAPITAL = ASU, 2 CONCEPCION = 1 ... 16 BOQUERON = 19,
 * 17 ALTO PARAGUAY = 16, 18 CANINDEYU = 14); its official code is the SIFEN code. The catalogue
 * has no coordinates: a department takes the package's (none for Asunción, which the package
 * lacks), a district those of the package's city of its department with the same name up to
 * case, accents and punctuation, else none (a farm then falls back to its department's).
 */
function paraguayGeography(dir: string, places: PackagePlaces): OfficialGeography {
  const departments = readCsv(path.join(dir, 'paraguay', 'departments.csv'));
  const isoBySifen = new Map(departments.map((row) => [row.sifen!, row.iso!]));
  const statePoint = new Map(
    places.states.map((s) => [s.isoCode, packagePoint(s.latitude, s.longitude)]),
  );
  const cityPoint = new Map<string, Point>();
  for (const city of places.cities) {
    const key = `${city.stateCode}:${nameKey(city.name)}`;
    if (!cityPoint.has(key)) cityPoint.set(key, packagePoint(city.latitude, city.longitude));
  }
  const none: Point = { latitude: null, longitude: null };
  const states = departments.map((row) => ({
    code: row.iso!,
    officialCode: row.sifen!,
    name: row.name!,
    ...(statePoint.get(row.iso!) ?? none),
  }));
  const cities = readCsv(path.join(dir, 'paraguay', 'districts.csv')).map((row) => {
    const stateCode = isoBySifen.get(row.department_sifen!);
    if (stateCode === undefined) throw new Error(`No department ${row.department_sifen}`);
    return {
      stateCode,
      officialCode: row.sifen!,
      name: row.name!,
      ...(cityPoint.get(`${stateCode}:${nameKey(row.name!)}`) ?? none),
    };
  });
  return { states, cities };
}

/**
 * A name as the old and the official lists may both spell it: without case, accents, spaces or
 * punctuation ("Mogi-Mirim" = "Mogi Mirim", "Santa Bárbara d'Oeste" = "Santa Barbara D Oeste").
 */
export function nameKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

interface CityRow {
  id: number;
  stateId: number;
  name: string;
  officialCode: string | null;
}

/**
 * Which stored row each official city takes over: the row already carrying its code, else an
 * uncoded row of the same state with the same name, else one with the same name up to case,
 * accents and punctuation. Official cities left without a row are to be inserted.
 */
function matchCities(
  official: (OfficialCity & { stateId: number })[],
  stored: CityRow[],
): {
  updates: { id: number; city: OfficialCity }[];
  inserts: (OfficialCity & { stateId: number })[];
} {
  const byCode = new Map<string, CityRow>();
  const byName = new Map<string, CityRow[]>();
  const byKey = new Map<string, CityRow[]>();
  for (const row of [...stored].sort((a, b) => a.id - b.id)) {
    if (row.officialCode !== null) {
      byCode.set(`${row.stateId}:${row.officialCode}`, row);
      continue;
    }
    const push = (map: Map<string, CityRow[]>, key: string) => {
      const list = map.get(key);
      if (list) list.push(row);
      else map.set(key, [row]);
    };
    push(byName, `${row.stateId}:${row.name}`);
    push(byKey, `${row.stateId}:${nameKey(row.name)}`);
  }
  const claimed = new Set<number>();
  const free = (list: CityRow[] | undefined) => list?.find((row) => !claimed.has(row.id));
  const updates: { id: number; city: OfficialCity }[] = [];
  const inserts: (OfficialCity & { stateId: number })[] = [];
  const unmatched: (OfficialCity & { stateId: number })[] = [];
  // Codes first, then exact names, then loose names: a loose match never takes the row an exact
  // one needs.
  for (const city of official) {
    const row = byCode.get(`${city.stateId}:${city.officialCode}`);
    if (row) {
      claimed.add(row.id);
      updates.push({ id: row.id, city });
    } else unmatched.push(city);
  }
  const loose: (OfficialCity & { stateId: number })[] = [];
  for (const city of unmatched) {
    const row = free(byName.get(`${city.stateId}:${city.name}`));
    if (row) {
      claimed.add(row.id);
      updates.push({ id: row.id, city });
    } else loose.push(city);
  }
  for (const city of loose) {
    const row = free(byKey.get(`${city.stateId}:${nameKey(city.name)}`));
    if (row) {
      claimed.add(row.id);
      updates.push({ id: row.id, city });
    } else inserts.push(city);
  }
  return { updates, inserts };
}

const CHUNK = 1000;

function chunks<T>(list: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * Brings a country's states and cities to its official list. Stored ids keep working: a state is
 * the row with its ISO code, a city the row with its official code or (from the old list) its
 * name; those rows take the official code, name and coordinates and are listed. Official entries
 * with no row are inserted; rows the list lacks stay, unlisted. Every statement is keyed by id or
 * natural key, so running it again, or in two processes at once, ends with the same rows.
 */
export async function applyOfficialGeography(
  db: Executor,
  countryId: number,
  geography: OfficialGeography,
): Promise<void> {
  await db
    .insert(t.states)
    .values(
      geography.states.map((state) => ({
        countryId,
        code: state.code,
        officialCode: state.officialCode,
        name: state.name,
        latitude: state.latitude,
        longitude: state.longitude,
        listed: true,
      })),
    )
    .onConflictDoUpdate({
      target: [t.states.countryId, t.states.code],
      set: {
        officialCode: sql`excluded.official_code`,
        name: sql`excluded.name`,
        latitude: sql`excluded.latitude`,
        longitude: sql`excluded.longitude`,
        listed: true,
      },
    });
  const stateCodes = geography.states.map((s) => s.code);
  await db
    .update(t.states)
    .set({ listed: false })
    .where(and(eq(t.states.countryId, countryId), notInArray(t.states.code, stateCodes)));

  const states = await db
    .select({ id: t.states.id, code: t.states.code })
    .from(t.states)
    .where(eq(t.states.countryId, countryId));
  const stateIds = states.map((s) => s.id);
  const stateId = new Map(states.map((s) => [s.code, s.id]));
  const official = geography.cities.map((city) => {
    const id = stateId.get(city.stateCode);
    if (id === undefined) throw new Error(`No state ${city.stateCode} for ${city.name}`);
    return { ...city, stateId: id };
  });
  const stored = await db
    .select({
      id: t.cities.id,
      stateId: t.cities.stateId,
      name: t.cities.name,
      officialCode: t.cities.officialCode,
    })
    .from(t.cities)
    .where(inArray(t.cities.stateId, stateIds));
  const { updates, inserts } = matchCities(official, stored);

  for (const part of chunks(updates)) {
    const values = sql.join(
      part.map(
        ({ id, city }) =>
          sql`(${id}::integer, ${city.officialCode}::text, ${city.name}::text, ${city.latitude}::double precision, ${city.longitude}::double precision)`,
      ),
      sql`, `,
    );
    await db.execute(sql`
      update ${t.cities} set
        official_code = v.official_code, name = v.name,
        latitude = v.latitude, longitude = v.longitude, listed = true
      from (values ${values}) as v(id, official_code, name, latitude, longitude)
      where ${t.cities.id} = v.id`);
  }
  for (const part of chunks(inserts)) {
    await db
      .insert(t.cities)
      .values(
        part.map((city) => ({
          stateId: city.stateId,
          officialCode: city.officialCode,
          name: city.name,
          latitude: city.latitude,
          longitude: city.longitude,
          listed: true,
        })),
      )
      // A process loading at the same time inserted the same row: it is already as wanted.
      .onConflictDoNothing();
  }
  if (stored.length > 0) {
    const codes = official.map((c) => c.officialCode);
    await db
      .update(t.cities)
      .set({ listed: false })
      .where(
        and(
          inArray(t.cities.stateId, stateIds),
          eq(t.cities.listed, true),
          or(isNull(t.cities.officialCode), notInArray(t.cities.officialCode, codes)),
        ),
      );
  }
}
