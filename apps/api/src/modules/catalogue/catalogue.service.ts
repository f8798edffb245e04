import {
  CATALOGUE_PAGE_SIZE,
  ERRORS,
  FIELD_KEYS,
  dailyUseLimit,
  gmrRangeOf,
  searchableText,
  type CatalogueCategory,
  type CatalogueFilters,
  type CataloguePage,
  type CatalogueQuery,
  type FieldError,
  type PesticideDetail,
  type PesticideItem,
  type VarietyDetail,
  type VarietyItem,
} from '@lavoura/domain';
import { and, eq, getTableColumns, inArray, isNull, or, sql } from 'drizzle-orm';
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
  type PesticideListRow,
} from './catalogue.presenter.ts';
import { filterPesticides, filterVarieties } from './catalogue-index.ts';
import { ofAccount } from '../../policies/tenancy.ts';
import { DataVersions } from '../farms/data-versions.service.ts';

interface CatalogueIndex {
  pesticides: PesticideListRow[];
  varieties: (typeof t.varieties.$inferSelect)[];
}

export interface CatalogueServiceDeps {
  db: Database;
  /** The process's kept data versions; without them every answer reads its version. */
  dataVersions?: DataVersions;
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
  private loaded: Promise<CatalogueIndex> | undefined;

  private readonly versions: DataVersions;

  constructor(private readonly deps: CatalogueServiceDeps) {
    this.versions = deps.dataVersions ?? new DataVersions(deps.db);
  }

  /**
   * What names a list page (http/versioned-answers.ts): the account and the whole query, at the
   * account's data version. The page reads the bundled data set (fixed while the process runs), the
   * account's own products and varieties, and their informers' names: writes to those move the
   * version (migration 0026).
   */
  async listVersion(
    session: Session,
    query: CatalogueQuery,
  ): Promise<{ key: string; version: string }> {
    const version = await this.versions.version(session.accountId);
    const asked = Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return {
      key: `catalogue:${session.accountId}:${JSON.stringify(asked)}`,
      version,
    };
  }

  /** The catalogue's rows and the session's account's own (issue 28 item 5), filtered together. */
  async list(
    query: CatalogueQuery,
    session?: Session,
  ): Promise<CataloguePage<PesticideItem> | CataloguePage<VarietyItem>> {
    const category = query.category ?? 'fungicide';
    await this.checkFilterValues(category, query);
    const limit = query.limit ?? CATALOGUE_PAGE_SIZE;
    const offset = ((query.offset ?? 1) - 1) * limit;
    const index = await this.index();
    const own = session ? await this.accountRows(session.accountId) : null;
    const informed = (row: { informedBy: number | null; informedAt: Date | null }) =>
      own ? informedBy(own.informers, row) : null;
    if (category === 'variety') {
      const rows = filterVarieties([...index.varieties, ...(own?.varieties ?? [])], query);
      return {
        total: rows.length,
        list: rows
          .slice(offset, offset + limit)
          .map((row) => ({ ...varietyListItem(row), informado_por: informed(row) })),
      };
    }
    const rows = filterPesticides(
      [...index.pesticides, ...(own?.pesticides ?? [])],
      category,
      query,
    );
    return {
      total: rows.length,
      list: rows
        .slice(offset, offset + limit)
        .map((row) => ({ ...pesticideListItem(row, category), informado_por: informed(row) })),
    };
  }

  /** The account's own rows, read per request: they change as its members enter them. */
  private async accountRows(accountId: number) {
    const [pesticides, varieties] = await Promise.all([
      this.deps.db
        .select(LIST_COLUMNS)
        .from(t.pesticides)
        .where(and(ofAccount(t.pesticides, accountId), eq(t.pesticides.listed, true))),
      this.deps.db
        .select()
        .from(t.varieties)
        .where(and(ofAccount(t.varieties, accountId), eq(t.varieties.listed, true))),
    ]);
    const ids = [...pesticides, ...varieties].flatMap((row) =>
      row.informedBy === null ? [] : [row.informedBy],
    );
    const informers = new Map(
      ids.length
        ? (
            await this.deps.db
              .select({ id: t.users.id, name: t.users.name })
              .from(t.users)
              .where(inArray(t.users.id, [...new Set(ids)]))
          ).map((user) => [user.id, user.name])
        : [],
    );
    return { pesticides, varieties, informers };
  }

  /** The listed rows, read once per process: the data set only changes with a new start. */
  private index(): Promise<CatalogueIndex> {
    if (!this.loaded) {
      this.loaded = (async () => ({
        pesticides: await this.deps.db
          .select(LIST_COLUMNS)
          .from(t.pesticides)
          .where(and(eq(t.pesticides.listed, true), isNull(t.pesticides.accountId))),
        varieties: await this.deps.db
          .select()
          .from(t.varieties)
          .where(and(eq(t.varieties.listed, true), isNull(t.varieties.accountId))),
      }))();
      this.loaded.catch(() => (this.loaded = undefined));
    }
    return this.loaded;
  }

  /** The sorts and choices of a category; the GMR slider follows `countryId` (the account's). */
  async filters(
    category: CatalogueCategory,
    cropId: number | undefined,
    countryId: number | undefined,
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
              gmr: gmrRangeOf(countryId),
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
  ): Promise<PesticideDetail | VarietyDetail> {
    const item = await this.find(session, category, id);
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

  /** One row of the catalogue or of the session's account (another account's: not found). */
  private async find(
    session: Session,
    category: CatalogueCategory,
    id: number,
  ): Promise<PesticideDetail | VarietyDetail> {
    const informer = async (row: { informedBy: number | null; informedAt: Date | null }) => {
      if (row.informedAt === null) return null;
      const users = row.informedBy
        ? await this.deps.db
            .select({ id: t.users.id, name: t.users.name })
            .from(t.users)
            .where(eq(t.users.id, row.informedBy))
        : [];
      return informedBy(new Map(users.map((user) => [user.id, user.name])), row);
    };
    if (category === 'variety') {
      const [variety] = await this.deps.db
        .select()
        .from(t.varieties)
        .where(
          and(
            eq(t.varieties.id, id),
            eq(t.varieties.listed, true),
            or(isNull(t.varieties.accountId), ofAccount(t.varieties, session)),
          ),
        );
      if (!variety) throw new AppError(ERRORS.notFound, 'No such variety');
      return { ...varietyDetail(variety), informado_por: await informer(variety) };
    }
    const [pesticide] = await this.deps.db
      .select()
      .from(t.pesticides)
      .where(
        and(
          eq(t.pesticides.id, id),
          eq(t.pesticides.listed, true),
          sql`${category} = any(${t.pesticides.categories})`,
          or(isNull(t.pesticides.accountId), ofAccount(t.pesticides, session)),
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
    return {
      ...pesticideDetail(pesticide, category, doses, efficacies),
      informado_por: await informer(pesticide),
    };
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
            isNull(t.varieties.accountId),
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
          isNull(t.pesticides.accountId),
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

/** "Informed by {name} on {date}" of an account's own row; null for the catalogue's. */
function informedBy(
  names: Map<number, string>,
  row: { informedBy: number | null; informedAt: Date | null },
): { nome: string | null; data: string } | null {
  if (row.informedAt === null) return null;
  return {
    nome: row.informedBy === null ? null : (names.get(row.informedBy) ?? null),
    data: row.informedAt.toISOString(),
  };
}
