import {
  CROPS,
  ERRORS,
  requiredSeasons,
  seasonStatus,
  todayIn,
  type CityAnswer,
  type Country,
  type Crop,
  type CropId,
  type Disease,
  type Plan,
  type Profile,
  type SeasonCrop,
  type StateAnswer,
} from '@lavoura/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { ensureSeasons } from '../../db/seed.ts';
import { AppError } from '../../http/app-error.ts';
import {
  toCity,
  toCountry,
  toDisease,
  toEnumerated,
  toJobTitle,
  toPauseReason,
  toPlan,
  toProfile,
  toSeasonCrop,
  toState,
  type Enumerated,
  type SeasonCropRow,
} from './reference.presenter.ts';

/** Names sort as the country's people read them (accents beside their letter, Ñ after N). */
const COLLATION_LOCALE: Record<string, string> = { BR: 'pt-BR', PY: 'es-PY', US: 'en-US' };
const collators = new Map<string, Intl.Collator>();
function collatorFor(acronym: string | undefined): Intl.Collator {
  const locale = COLLATION_LOCALE[acronym ?? ''] ?? 'pt-BR';
  let collator = collators.get(locale);
  if (!collator) {
    collator = new Intl.Collator(locale);
    collators.set(locale, collator);
  }
  return collator;
}

const seasonKey = (countryId: number, cropId: number, startPeriod: string) =>
  `${countryId}:${cropId}:${startPeriod}`;

export interface ReferenceLists {
  countries: Country[];
  crops: Crop[];
  seasonCrops: SeasonCropRow[];
  diseases: Disease[];
  seedClasses: Enumerated[];
  seederSystems: Enumerated[];
  severityLevels: Enumerated[];
  notificationTypes: Enumerated[];
  noteCategories: Enumerated[];
  pausedClimateReasons: (Enumerated & { requires_description: boolean })[];
  jobTitles: (Enumerated & { internal: boolean })[];
  profiles: Profile[];
  plans: Plan[];
}

/**
 * Reference data. The small lists change only when the seed runs at start, so they are read once
 * after seeding and served from memory (the crops call sits on every page load). Seasons follow
 * the calendar: a read that finds the day needing a season the loaded rows lack upserts it and
 * reloads them, so no restart is needed. States and cities (tens of thousands of rows) are read
 * from the database per call.
 */
export class ReferenceService {
  private lists: ReferenceLists | undefined;
  /** (country, crop, start) of every loaded season-crop, to tell at once whether a day needs more. */
  private loadedSeasons = new Set<string>();
  private seasonsUpdate: Promise<void> | undefined;
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    now?: () => Date,
  ) {
    this.now = now ?? (() => new Date());
  }

  async load(): Promise<void> {
    const db = this.db;
    const [countries, crops, seasonRows, diseases, seedClasses, seederSystems, severity] =
      await Promise.all([
        db.select().from(t.countries).orderBy(asc(t.countries.id)),
        db.select().from(t.crops).orderBy(asc(t.crops.id)),
        this.readSeasonCrops(),
        db.select().from(t.diseases).orderBy(asc(t.diseases.id)),
        db.select().from(t.seedClasses).orderBy(asc(t.seedClasses.id)),
        db.select().from(t.seederSystems).orderBy(asc(t.seederSystems.id)),
        db.select().from(t.severityLevels).orderBy(asc(t.severityLevels.id)),
      ]);
    const [notificationTypes, noteCategories, pauseReasons, jobTitles, profiles, plans] =
      await Promise.all([
        db.select().from(t.notificationTypes).orderBy(asc(t.notificationTypes.id)),
        db.select().from(t.noteCategories).orderBy(asc(t.noteCategories.id)),
        db.select().from(t.pausedClimateReasons).orderBy(asc(t.pausedClimateReasons.id)),
        db.select().from(t.jobTitles).orderBy(asc(t.jobTitles.id)),
        db.select().from(t.profiles).orderBy(asc(t.profiles.id)),
        db.select().from(t.plans).orderBy(asc(t.plans.priorityLevel)),
      ]);
    this.lists = {
      countries: countries.map(toCountry),
      crops: crops.map(toEnumerated),
      seasonCrops: seasonRows,
      diseases: diseases.map(toDisease),
      seedClasses: seedClasses.map(toEnumerated),
      seederSystems: seederSystems.map(toEnumerated),
      severityLevels: severity.map(toEnumerated),
      notificationTypes: notificationTypes.map(toEnumerated),
      noteCategories: noteCategories.map(toEnumerated),
      pausedClimateReasons: pauseReasons.map(toPauseReason),
      jobTitles: jobTitles.map(toJobTitle),
      profiles: profiles.map(toProfile),
      plans: plans.map(toPlan),
    };
  }

  private async readSeasonCrops(): Promise<SeasonCropRow[]> {
    const rows = await this.db
      .select({ row: t.seasonCrops, seasonName: t.seasons.name, cropKey: t.crops.messageKey })
      .from(t.seasonCrops)
      .innerJoin(t.seasons, eq(t.seasons.id, t.seasonCrops.seasonId))
      .innerJoin(t.crops, eq(t.crops.id, t.seasonCrops.cropId))
      .orderBy(
        asc(t.seasonCrops.countryId),
        asc(t.seasonCrops.cropId),
        asc(t.seasonCrops.startPeriod),
      );
    this.loadedSeasons = new Set(
      rows.map(({ row }) => seasonKey(row.countryId, row.cropId, row.startPeriod)),
    );
    return rows.map(toSeasonCrop);
  }

  /** Today in each country's time zone. */
  private todayByCountry(now: Date): Map<number, string> {
    return new Map(this.list.countries.map((c) => [c.id, todayIn(c.time_zone, now)]));
  }

  /**
   * Makes sure the seasons the day needs (previous, current and next of every country and crop)
   * are loaded. When one is missing, the rows are upserted by their natural keys (the same rows
   * and ids whichever process gets there first) and reloaded; simultaneous reads share one update.
   */
  private async ensureSeasons(now: Date, todays: Map<number, string>): Promise<void> {
    const missing = [...todays].some(([countryId, today]) =>
      CROPS.some((crop) =>
        requiredSeasons(countryId, crop.id, today).some(
          (season) => !this.loadedSeasons.has(seasonKey(countryId, crop.id, season.start_period)),
        ),
      ),
    );
    if (!missing) return;
    this.seasonsUpdate ??= (async () => {
      try {
        await ensureSeasons(this.db, now);
        this.list.seasonCrops = await this.readSeasonCrops();
      } finally {
        this.seasonsUpdate = undefined;
      }
    })();
    await this.seasonsUpdate;
  }

  get list(): ReferenceLists {
    if (!this.lists) throw new Error('ReferenceService.load() must run before serving');
    return this.lists;
  }

  /** Season-crops with their status computed from today in each country's time zone. */
  async seasonCrops(filter: {
    countryId?: number | undefined;
    cropId?: number | undefined;
  }): Promise<SeasonCrop[]> {
    const now = this.now();
    const todays = this.todayByCountry(now);
    await this.ensureSeasons(now, todays);
    return this.list.seasonCrops
      .filter((s) => filter.countryId === undefined || s.country_id === filter.countryId)
      .filter((s) => filter.cropId === undefined || s.crop_id === filter.cropId)
      .map((season) => {
        const today = todays.get(season.country_id) ?? todayIn('UTC', now);
        const status = seasonStatus(season.country_id, season.crop_id as CropId, season.start_period, today);
        return { ...season, status, season_active: status === 'current' };
      });
  }

  /** One season-crop with its status today; an unknown id answers 404. */
  async seasonCrop(id: number): Promise<SeasonCrop> {
    const season = (await this.seasonCrops({})).find((s) => s.id === id);
    if (!season) throw new AppError(ERRORS.seasonCropNotFound, 'Season crop not found');
    return season;
  }

  async diseases(seasonCropId: number | undefined): Promise<Disease[]> {
    if (seasonCropId === undefined) return this.list.diseases;
    const seasonCrop = await this.seasonCrop(seasonCropId);
    return this.list.diseases.filter((d) => d.crop_id === seasonCrop.crop_id);
  }

  /** The listed states of a country, by name in the country's language. */
  async states(countryId: number): Promise<StateAnswer[]> {
    const country = this.list.countries.find((c) => c.id === countryId);
    if (!country) throw new AppError(ERRORS.countryNotFound, 'Country not found');
    const rows = await this.db
      .select()
      .from(t.states)
      .where(and(eq(t.states.countryId, countryId), eq(t.states.listed, true)));
    const collator = collatorFor(country.acronym);
    return rows.map(toState).sort((a, b) => collator.compare(a.name, b.name));
  }

  /**
   * The listed cities of a state (a US state's counties), by name in its country's language. Rows
   * of an earlier list that are no longer listed keep resolving by id elsewhere.
   */
  async cities(stateId: number): Promise<CityAnswer[]> {
    const [state] = await this.db
      .select({ id: t.states.id, countryId: t.states.countryId })
      .from(t.states)
      .where(eq(t.states.id, stateId));
    if (!state) throw new AppError(ERRORS.stateNotFound, 'State not found');
    const rows = await this.db
      .select()
      .from(t.cities)
      .where(and(eq(t.cities.stateId, stateId), eq(t.cities.listed, true)));
    const acronym = this.list.countries.find((c) => c.id === state.countryId)?.acronym;
    const collator = collatorFor(acronym);
    return rows.map(toCity).sort((a, b) => collator.compare(a.name, b.name));
  }
}
