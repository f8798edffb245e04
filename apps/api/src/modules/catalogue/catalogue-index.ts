import {
  activeKey,
  searchableText,
  type CatalogueCategory,
  type CatalogueQuery,
} from '@lavoura/domain';
import { compactSearch } from '../../db/catalogue/variety-search.ts';
import type * as t from '../../db/schema.ts';
import type { PesticideListRow } from './catalogue.presenter.ts';

/**
 * The catalogue's list as the server keeps it in memory: the data set is shared, read-only and
 * changes only with a new version loaded at start, so a search runs over a few thousand rows in
 * the process instead of a query per keystroke. Filters and sorts follow GET /api/catalogs.
 */

type Variety = typeof t.varieties.$inferSelect;

const text = (value: string | null) => (value ?? '').toLowerCase();
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sorted<Row extends { id: number; name: string; company: string | null }>(
  rows: Row[],
  sort: CatalogueQuery['sort'],
  gmrOf: (row: Row) => number | null = () => null,
): Row[] {
  const name = (a: Row, b: Row) => byText(text(a.name), text(b.name)) || a.id - b.id;
  // A missing company or maturity goes last whichever the direction.
  const last = <T>(a: T | null, b: T | null, compare: (x: T, y: T) => number) =>
    a === null ? (b === null ? 0 : 1) : b === null ? -1 : compare(a, b);
  const compare: Record<string, (a: Row, b: Row) => number> = {
    name_asc: name,
    name_desc: (a, b) => byText(text(b.name), text(a.name)) || b.id - a.id,
    company_asc: (a, b) =>
      last(a.company, b.company, (x, y) => byText(text(x), text(y))) || name(a, b),
    company_desc: (a, b) =>
      last(a.company, b.company, (x, y) => byText(text(y), text(x))) || name(a, b),
    gmr_asc: (a, b) => last(gmrOf(a), gmrOf(b), (x, y) => x - y) || name(a, b),
    gmr_desc: (a, b) => last(gmrOf(a), gmrOf(b), (x, y) => y - x) || name(a, b),
  };
  return [...rows].sort(compare[sort ?? 'name_asc'] ?? name);
}

/** The search as the rows' text has it, once per query rather than once per row. */
const searchKey = (search: string | undefined) => (search ? searchableText(search) : '');

export function filterPesticides(
  rows: readonly PesticideListRow[],
  category: CatalogueCategory,
  query: CatalogueQuery,
): PesticideListRow[] {
  const target = query.target && searchableText(query.target);
  const group = query.chemical_group && searchableText(query.chemical_group);
  const active = query.active_ingredient && activeKey(query.active_ingredient);
  const search = searchKey(query.search);
  const kept = rows.filter(
    (row) =>
      row.listed &&
      (row.categories as string[]).includes(category) &&
      (query.country === undefined || row.countryId === query.country) &&
      (query.crop === undefined || row.cropIds.includes(query.crop)) &&
      row.searchText.includes(search) &&
      (!query.company || row.company === query.company) &&
      (!target || row.targetKeys.includes(target)) &&
      (!group || row.chemicalGroupKeys.includes(group)) &&
      (!active || row.activeKeys.includes(active)),
  );
  return sorted(kept, query.sort);
}

/** Whether a sowing window (month*100+day, possibly across the new year) touches a month. */
function sowsIn(start: number | null, end: number | null, month: number): boolean {
  if (start === null || end === null) return false;
  const first = month * 100 + 1;
  const lastDay = month * 100 + 31;
  return start <= end ? start <= lastDay && end >= first : start <= lastDay || end >= first;
}

export function filterVarieties(rows: readonly Variety[], query: CatalogueQuery): Variety[] {
  const target = query.target && searchableText(query.target);
  const resistant = query.resistant_to && searchableText(query.resistant_to);
  const search = searchKey(query.search);
  // "M 6410" as growers write it, against "M6410IPRO" as a source does: the row's text also
  // holds its names without spaces (db/catalogue/variety-search.ts).
  const compact = query.search ? compactSearch(query.search) : '';
  const kept = rows.filter(
    (row) =>
      row.listed &&
      (query.country === undefined || row.countryIds.includes(query.country)) &&
      (query.crop === undefined || row.cropId === query.crop) &&
      (row.searchText.includes(search) || (compact !== '' && row.searchText.includes(compact))) &&
      (!query.company || row.company === query.company) &&
      (!target || row.targetKeys.includes(target)) &&
      (query.gmr_min === undefined || (row.gmr !== null && row.gmr >= query.gmr_min)) &&
      (query.gmr_max === undefined || (row.gmr !== null && row.gmr <= query.gmr_max)) &&
      (query.sowing_month === undefined ||
        sowsIn(row.startSowing, row.endSowing, query.sowing_month)) &&
      (!resistant ||
        (row.reactions as { target: string; reaction: string }[]).some(
          (reaction) =>
            searchableText(reaction.target) === resistant &&
            (reaction.reaction === 'R' || reaction.reaction === 'MR'),
        )),
  );
  return sorted(kept, query.sort, (row) => row.gmr);
}
