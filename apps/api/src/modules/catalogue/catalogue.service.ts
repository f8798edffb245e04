import {
  CATALOGUE_PAGE_SIZE,
  ERRORS,
  FIELD_KEYS,
  dailyUseLimit,
  searchableText,
  type CatalogueCategory,
  type CatalogueQuery,
  type FieldError,
} from '@lavoura/domain';
import { and, asc, desc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import type { FreeUsageService } from '../plans/free-usage.service.ts';
import {
  pesticideDetail,
  pesticideListItem,
  varietyDetail,
  varietyListItem,
  type CatalogueFilters,
} from './catalogue.presenter.ts';

export interface CatalogueServiceDeps {
  db: Database;
  freeUsage: FreeUsageService;
}

type FilterName = 'company' | 'target' | 'chemical_group' | 'active_ingredient';

/** One filter's choices: what the control shows and the key a value is compared by. */
interface FilterOption {
  value: string;
  key: string;
}

/** A list page reads every column but the targets, which only the detail shows. */
const { targets: _targets, ...LIST_COLUMNS } = getTableColumns(t.pesticides);

const queryError = (field: string, message: string): FieldError => ({
  field: `querystring.${field}`,
  key: FIELD_KEYS.invalid,
  message,
});

/**
 * The product catalogue (spec 3 §2, §7; issue 11): the bundled data set, listed with filters,
 * sorts and pages, and one item's detail, which a Freemium account pays for with a free use.
 */
export class CatalogueService {
  /** Filter choices per category and crop: the data set only changes with a new start. */
  private readonly options = new Map<string, Promise<Record<FilterName, FilterOption[]>>>();

  constructor(private readonly deps: CatalogueServiceDeps) {}

  async list(query: CatalogueQuery): Promise<{ total: number; list: Record<string, unknown>[] }> {
    const category = query.category ?? 'fungicide';
    await this.checkFilterValues(category, query);
    const limit = query.limit ?? CATALOGUE_PAGE_SIZE;
    const offset = ((query.offset ?? 1) - 1) * limit;
    if (category === 'variety') {
      const where = this.varietyConditions(query);
      const rows = await this.deps.db
        .select({ variety: t.varieties, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(t.varieties)
        .where(where)
        .orderBy(...this.order(category, query.sort))
        .limit(limit)
        .offset(offset);
      const total = rows[0]?.total ?? (await this.count(t.varieties, where));
      return { total, list: rows.map((row) => varietyListItem(row.variety)) };
    }
    const where = this.pesticideConditions(category, query);
    const rows = await this.deps.db
      .select({ pesticide: LIST_COLUMNS, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(t.pesticides)
      .where(where)
      .orderBy(...this.order(category, query.sort))
      .limit(limit)
      .offset(offset);
    const total = rows[0]?.total ?? (await this.count(t.pesticides, where));
    return { total, list: rows.map((row) => pesticideListItem(row.pesticide, category)) };
  }

  async filters(
    category: CatalogueCategory,
    cropId: number | undefined,
  ): Promise<CatalogueFilters> {
    const options = await this.filterOptions(category, cropId);
    const values = (name: FilterName) => options[name].map((option) => option.value);
    return {
      sort_select: (category === 'variety'
        ? ['name_asc', 'name_desc', 'company_asc', 'company_desc', 'gmr_asc', 'gmr_desc']
        : ['name_asc', 'name_desc', 'company_asc', 'company_desc']
      ).map((value) => ({ value, message_key: `catalog.sort.${value}` })),
      extra_filter: {
        company: values('company'),
        target: values('target'),
        chemical_group: values('chemical_group'),
        active_ingredient: values('active_ingredient'),
        ...(category === 'variety'
          ? {
              crop: [1, 2],
              gmr: { min: 6, max: 9.8, step: 0.1 },
              sowing_month: { min: 1, max: 12 },
              resistant_to: values('target'),
            }
          : {}),
      },
    };
  }

  /**
   * One item. A Freemium account spends a free use on the first opening of an item in a day; at
   * the limit a new item answers 403 exception.freemium.limit_exceeded, one already opened today
   * still opens. The view and the use are written together or not at all.
   */
  async detail(
    session: Session,
    category: CatalogueCategory,
    id: number,
  ): Promise<Record<string, unknown>> {
    const item = await this.find(category, id);
    if (dailyUseLimit(session.planLevel) !== null) {
      await this.deps.db.transaction(async (run) => {
        const day = this.deps.freeUsage.today(session);
        const [fresh] = await run
          .insert(t.catalogueViews)
          .values({ accountId: session.accountId, day, category, itemId: id })
          .onConflictDoNothing()
          .returning({ itemId: t.catalogueViews.itemId });
        if (fresh) await this.deps.freeUsage.consume(session, run);
      });
    }
    return item;
  }

  private async find(category: CatalogueCategory, id: number): Promise<Record<string, unknown>> {
    if (category === 'variety') {
      const [variety] = await this.deps.db
        .select()
        .from(t.varieties)
        .where(and(eq(t.varieties.id, id), eq(t.varieties.listed, true)));
      if (!variety) throw new AppError(ERRORS.notFound, 'No such variety');
      return varietyDetail(variety);
    }
    const [pesticide] = await this.deps.db
      .select()
      .from(t.pesticides)
      .where(
        and(
          eq(t.pesticides.id, id),
          eq(t.pesticides.listed, true),
          sql`${category} = any(${t.pesticides.categories})`,
        ),
      );
    if (!pesticide) throw new AppError(ERRORS.notFound, 'No such product');
    const [doses, efficacies] = await Promise.all([
      this.deps.db.select().from(t.pesticideDoses).where(eq(t.pesticideDoses.pesticideId, id)),
      this.deps.db
        .select()
        .from(t.pesticideEfficacies)
        .where(eq(t.pesticideEfficacies.pesticideId, id)),
    ]);
    return pesticideDetail(pesticide, category, doses, efficacies);
  }

  private pesticideConditions(category: CatalogueCategory, query: CatalogueQuery): SQL {
    const conditions: SQL[] = [
      sql`${t.pesticides.listed}`,
      sql`${category} = any(${t.pesticides.categories})`,
    ];
    if (query.country !== undefined)
      conditions.push(sql`${t.pesticides.countryId} = ${query.country}`);
    if (query.crop !== undefined)
      conditions.push(sql`${query.crop} = any(${t.pesticides.cropIds})`);
    if (query.search) conditions.push(this.textMatches(t.pesticides.searchText, query.search));
    if (query.company) conditions.push(sql`${t.pesticides.company} = ${query.company}`);
    if (query.target)
      conditions.push(sql`${searchableText(query.target)} = any(${t.pesticides.targetKeys})`);
    if (query.chemical_group)
      conditions.push(
        sql`${searchableText(query.chemical_group)} = any(${t.pesticides.chemicalGroupKeys})`,
      );
    if (query.active_ingredient)
      conditions.push(
        sql`${searchableText(query.active_ingredient)} = any(${t.pesticides.activeKeys})`,
      );
    return and(...conditions)!;
  }

  private varietyConditions(query: CatalogueQuery): SQL {
    const conditions: SQL[] = [sql`${t.varieties.listed}`];
    if (query.country !== undefined)
      conditions.push(sql`${query.country} = any(${t.varieties.countryIds})`);
    if (query.crop !== undefined) conditions.push(sql`${t.varieties.cropId} = ${query.crop}`);
    if (query.search) conditions.push(this.textMatches(t.varieties.searchText, query.search));
    if (query.company) conditions.push(sql`${t.varieties.company} = ${query.company}`);
    if (query.target)
      conditions.push(sql`${searchableText(query.target)} = any(${t.varieties.targetKeys})`);
    if (query.gmr_min !== undefined) conditions.push(sql`${t.varieties.gmr} >= ${query.gmr_min}`);
    if (query.gmr_max !== undefined) conditions.push(sql`${t.varieties.gmr} <= ${query.gmr_max}`);
    if (query.sowing_month !== undefined) {
      // The window is month*100+day; one that crosses the new year wraps.
      const first = query.sowing_month * 100 + 1;
      const last = query.sowing_month * 100 + 31;
      conditions.push(sql`(case when ${t.varieties.startSowing} <= ${t.varieties.endSowing}
        then ${t.varieties.startSowing} <= ${last} and ${t.varieties.endSowing} >= ${first}
        else ${t.varieties.startSowing} <= ${last} or ${t.varieties.endSowing} >= ${first} end)`);
    }
    if (query.resistant_to) {
      const target = searchableText(query.resistant_to);
      conditions.push(sql`exists (select 1 from jsonb_array_elements(${t.varieties.reactions}) r
        where lower(r->>'target') = ${target} and r->>'reaction' in ('R', 'MR'))`);
    }
    return and(...conditions)!;
  }

  /** Accent- and case-insensitive: both sides are compared as searchableText. */
  private textMatches(column: AnyPgColumn, search: string): SQL {
    const pattern = searchableText(search).replace(/[\\%_]/g, (c) => `\\${c}`);
    return sql`${column} like ${`%${pattern}%`}`;
  }

  private order(category: CatalogueCategory, sort: CatalogueQuery['sort']): SQL[] {
    const table = category === 'variety' ? t.varieties : t.pesticides;
    const name = sql`lower(${table.name})`;
    const company = sql`lower(${table.company})`;
    switch (sort) {
      case 'name_desc':
        return [desc(name), desc(table.id)];
      case 'company_asc':
        return [sql`${company} asc nulls last`, asc(name), asc(table.id)];
      case 'company_desc':
        return [sql`${company} desc nulls last`, asc(name), asc(table.id)];
      case 'gmr_asc':
        return [sql`${t.varieties.gmr} asc nulls last`, asc(name), asc(table.id)];
      case 'gmr_desc':
        return [sql`${t.varieties.gmr} desc nulls last`, asc(name), asc(table.id)];
      default:
        return [asc(name), asc(table.id)];
    }
  }

  private async count(
    table: typeof t.pesticides | typeof t.varieties,
    where: SQL,
  ): Promise<number> {
    const [row] = await this.deps.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(table)
      .where(where);
    return row?.total ?? 0;
  }

  /** A filter value outside the category's choices answers 400 exception.validation_error. */
  private async checkFilterValues(
    category: CatalogueCategory,
    query: CatalogueQuery,
  ): Promise<void> {
    const options = await this.filterOptions(category, undefined);
    const problems: FieldError[] = [];
    const given: [string, FilterName, string | undefined][] = [
      ['company', 'company', query.company],
      ['target', 'target', query.target],
      ['chemical_group', 'chemical_group', query.chemical_group],
      ['active_ingredient', 'active_ingredient', query.active_ingredient],
      ['resistant_to', 'target', category === 'variety' ? query.resistant_to : undefined],
    ];
    for (const [field, name, value] of given) {
      if (value === undefined) continue;
      const key = name === 'company' ? value : searchableText(value);
      if (!options[name].some((option) => option.key === key))
        problems.push(queryError(field, `Not a ${name} of the ${category} catalogue`));
    }
    if (
      category !== 'variety' &&
      (query.resistant_to || query.gmr_min || query.gmr_max || query.sowing_month)
    )
      problems.push(queryError('category', 'Variety filters apply to varieties only'));
    if (problems.length) throw new AppError(ERRORS.validation, 'Unknown filter value', problems);
  }

  private filterOptions(
    category: CatalogueCategory,
    cropId: number | undefined,
  ): Promise<Record<FilterName, FilterOption[]>> {
    const cacheKey = `${category}:${cropId ?? ''}`;
    let options = this.options.get(cacheKey);
    if (!options) {
      options = this.loadFilterOptions(category, cropId);
      options.catch(() => this.options.delete(cacheKey));
      this.options.set(cacheKey, options);
    }
    return options;
  }

  private async loadFilterOptions(
    category: CatalogueCategory,
    cropId: number | undefined,
  ): Promise<Record<FilterName, FilterOption[]>> {
    // The data set is small (a few thousand rows) and read once per category and crop.
    const distinct = (values: (string | null)[], keyOf: (value: string) => string) => {
      const byKey = new Map<string, string>();
      for (const value of values)
        if (value && !byKey.has(keyOf(value))) byKey.set(keyOf(value), value);
      return [...byKey.entries()]
        .map(([key, value]) => ({ key, value }))
        .sort((a, b) => a.key.localeCompare(b.key));
    };
    const same = (value: string) => value;
    if (category === 'variety') {
      const rows = await this.deps.db
        .select({ company: t.varieties.company, reactions: t.varieties.reactions })
        .from(t.varieties)
        .where(
          and(
            eq(t.varieties.listed, true),
            cropId === undefined ? undefined : eq(t.varieties.cropId, cropId),
          ),
        );
      return {
        company: distinct(
          rows.map((row) => row.company),
          same,
        ),
        target: distinct(
          rows.flatMap((row) => (row.reactions as { target: string }[]).map((r) => r.target)),
          searchableText,
        ),
        chemical_group: [],
        active_ingredient: [],
      };
    }
    const rows = await this.deps.db
      .select({
        company: t.pesticides.company,
        targets: t.pesticides.targets,
        actives: t.pesticides.actives,
      })
      .from(t.pesticides)
      .where(
        and(
          eq(t.pesticides.listed, true),
          sql`${category} = any(${t.pesticides.categories})`,
          cropId === undefined ? undefined : sql`${cropId} = any(${t.pesticides.cropIds})`,
        ),
      );
    const actives = rows.flatMap(
      (row) => row.actives as { name: string; chemical_group: string | null }[],
    );
    return {
      company: distinct(
        rows.map((row) => row.company),
        same,
      ),
      target: distinct(
        rows.flatMap((row) =>
          (row.targets as { scientific_name: string }[]).map((x) => x.scientific_name),
        ),
        searchableText,
      ),
      chemical_group: distinct(
        actives.map((active) => active.chemical_group),
        searchableText,
      ),
      active_ingredient: distinct(
        actives.map((active) => active.name),
        searchableText,
      ),
    };
  }
}
