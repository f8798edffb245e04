import {
  COUNTRIES,
  ERRORS,
  isIndicatedFor,
  searchableText,
  type FarmSeed,
  type FarmVariety,
  type FarmVarietyBody,
  type VarietySolicitationBody,
} from '@lavoura/domain';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { compactSearch } from '../../db/catalogue/variety-search.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { composeMail } from '../../providers/mail/messages.ts';
import type { Session } from '../auth/session.types.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

export interface VarietiesServiceDeps {
  db: Database;
  mailer: Mailer;
  /** Where variety requests go. */
  supportEmail: string;
}

interface FarmPlace {
  id: number;
  country: string;
  stateCode: string | null;
}

/** "%text%" for a `like`, its own % and _ taken literally. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A variety as growers write it: the search's words, or the same without spaces and punctuation
 * ("M 6410" finds M6410IPRO: the row's search text holds its names that way too).
 */
function searchMatch(search: string) {
  const compact = compactSearch(search);
  return or(
    sql`${t.varieties.searchText} like ${likeText(searchableText(search))}`,
    compact ? sql`${t.varieties.searchText} like ${likeText(compact)}` : undefined,
  );
}

/** The catalogue's varieties and the session's account's own (issue 28 item 5). */
const ownOrCatalogue = (session: Session) =>
  or(isNull(t.varieties.accountId), ofAccount(t.varieties, session));

const acronymOf = new Map(COUNTRIES.map((country) => [country.id as number, country.acronym]));

/** The farm-variety columns with the catalogue's facts of its variety. */
const FARM_VARIETY_COLUMNS = {
  id: t.farmVarieties.id,
  seed_id: t.farmVarieties.varietyId,
  farm_id: t.farmVarieties.farmId,
  season_crop_id: t.farmVarieties.seasonCropId,
  name: t.varieties.name,
  asset_owner: t.varieties.company,
  crop_id: t.varieties.cropId,
  relative_maturity: t.varieties.gmr,
  growth_habit: t.varieties.growthHabit,
  genetically_modified_organism: t.varieties.gmo,
};

/**
 * A farm's varieties (spec 2 §7 Seeds and varieties; issue 11 item 2): the catalogue's varieties a
 * farm grows in a season-crop. Every query starts from the session's account and the farms it sees.
 */
export class VarietiesService {
  constructor(private readonly deps: VarietiesServiceDeps) {}

  /** The catalogue's varieties of the season-crop's crop sold in the farm's country. */
  async seedsOfFarm(
    session: Session,
    farmId: number,
    query: { season_crop_id: number; crop_id?: number; search?: string },
  ): Promise<FarmSeed[]> {
    const farm = await this.farmOf(session, farmId);
    const seasonCrop = await this.seasonCropOf(farm, query.season_crop_id);
    if (query.crop_id !== undefined && query.crop_id !== seasonCrop.cropId) return [];
    const countryId = COUNTRIES.find((country) => country.acronym === farm.country)!.id;
    const rows = await this.deps.db
      .select({
        variety: t.varieties,
        added: t.farmVarieties.id,
      })
      .from(t.varieties)
      .leftJoin(
        t.farmVarieties,
        and(
          eq(t.farmVarieties.varietyId, t.varieties.id),
          ofAccount(t.farmVarieties, session),
          eq(t.farmVarieties.farmId, farm.id),
          eq(t.farmVarieties.seasonCropId, seasonCrop.id),
        ),
      )
      .where(
        and(
          eq(t.varieties.listed, true),
          eq(t.varieties.cropId, seasonCrop.cropId),
          sql`${countryId} = any(${t.varieties.countryIds})`,
          ownOrCatalogue(session),
          query.search ? searchMatch(query.search) : undefined,
        ),
      )
      .orderBy(asc(sql`lower(${t.varieties.name})`), asc(t.varieties.id));
    return rows.map(({ variety, added }) => ({
      seed_id: variety.id,
      name: variety.name,
      asset_owner: variety.company,
      crop_id: variety.cropId,
      relative_maturity: variety.gmr,
      growth_habit: variety.growthHabit,
      genetically_modified_organism: variety.gmo,
      added,
      recommended: this.indicated(variety, farm),
    }));
  }

  /** The varieties a farm has in a season-crop. */
  async list(
    session: Session,
    query: { fazenda_id: number; season_crop_id: number },
  ): Promise<FarmVariety[]> {
    const farm = await this.farmOf(session, query.fazenda_id);
    return this.deps.db
      .select(FARM_VARIETY_COLUMNS)
      .from(t.farmVarieties)
      .innerJoin(t.varieties, eq(t.varieties.id, t.farmVarieties.varietyId))
      .where(
        and(
          ofAccount(t.farmVarieties, session),
          eq(t.farmVarieties.farmId, farm.id),
          eq(t.farmVarieties.seasonCropId, query.season_crop_id),
        ),
      )
      .orderBy(asc(sql`lower(${t.varieties.name})`), asc(t.farmVarieties.id));
  }

  /**
   * Adds a catalogue variety to a farm for a season-crop: 409 exception.variety.already_added when
   * it is there, 409 exception.variety.not_indicated_for_region when the farm's place is not one
   * the variety is recommended for.
   */
  async add(session: Session, body: FarmVarietyBody): Promise<FarmVariety> {
    const farm = await this.farmOf(session, body.fazenda_id);
    const seasonCrop = await this.seasonCropOf(farm, body.season_crop_id);
    const [variety] = await this.deps.db
      .select()
      .from(t.varieties)
      .where(
        and(
          eq(t.varieties.id, body.seed_id),
          eq(t.varieties.listed, true),
          eq(t.varieties.cropId, seasonCrop.cropId),
          ownOrCatalogue(session),
        ),
      );
    if (!variety) throw new AppError(ERRORS.notFound, 'No such variety of the crop');
    if (!this.indicated(variety, farm))
      throw new AppError(ERRORS.varietyNotIndicatedForRegion, 'Not indicated for the region');
    const id = await this.insert(this.deps.db, session, farm.id, seasonCrop.id, variety.id);
    if (id === null) throw new AppError(ERRORS.varietyAlreadyAdded, 'Already added');
    return (await this.one(session, id))!;
  }

  /** Removes a farm's variety: 409 exception.variety.in_use while a sowing or a program uses it. */
  async remove(session: Session, id: number, farmId: number): Promise<void> {
    const farm = await this.farmOf(session, farmId);
    await this.deps.db.transaction(async (run) => {
      const [held] = await run
        .select({ id: t.farmVarieties.id })
        .from(t.farmVarieties)
        .where(
          and(
            eq(t.farmVarieties.id, id),
            ofAccount(t.farmVarieties, session),
            eq(t.farmVarieties.farmId, farm.id),
          ),
        )
        .for('update');
      if (!held) throw new AppError(ERRORS.notFound, 'Farm variety not found');
      const [used] = await run
        .select({ id: t.sowings.id })
        .from(t.sowings)
        .where(
          and(
            ofAccount(t.sowings, session),
            eq(t.sowings.farmVarietyId, id),
            isNull(t.sowings.deletedAt),
          ),
        )
        .limit(1);
      if (used) throw new AppError(ERRORS.varietyInUse, 'Variety in use');
      const [planned] = await run
        .select({ id: t.programs.id })
        .from(t.programs)
        .where(
          and(
            ofAccount(t.programs, session),
            eq(t.programs.farmVarietyId, id),
            isNull(t.programs.deletedAt),
          ),
        )
        .limit(1);
      if (planned) throw new AppError(ERRORS.varietyInUse, 'A program is planned for the variety');
      // A deleted sowing still points at it: the pointer goes, the sowing stays deleted.
      await run
        .update(t.sowings)
        .set({ farmVarietyId: null })
        .where(and(ofAccount(t.sowings, session), eq(t.sowings.farmVarietyId, id)));
      await run.delete(t.farmVarieties).where(eq(t.farmVarieties.id, id));
    });
  }

  /**
   * Copies a farm's variety to other farms of the account for the same season-crop. All or
   * nothing: a farm the member does not see answers 404, one where the variety is not indicated
   * 409; a farm that already has it is left as it is.
   */
  async clone(session: Session, id: number, farmIds: number[]): Promise<FarmVariety[]> {
    const source = await this.one(session, id);
    if (!source) throw new AppError(ERRORS.notFound, 'Farm variety not found');
    await this.farmOf(session, source.farm_id);
    const [variety] = await this.deps.db
      .select()
      .from(t.varieties)
      .where(eq(t.varieties.id, source.seed_id));
    const targets = await this.farmsOf(session, [...new Set(farmIds)]);
    for (const farm of targets) {
      await this.seasonCropOf(farm, source.season_crop_id);
      if (!this.indicated(variety!, farm))
        throw new AppError(ERRORS.varietyNotIndicatedForRegion, 'Not indicated for the region');
    }
    const ids = await this.deps.db.transaction(async (run) => {
      const added: number[] = [];
      for (const farm of targets) {
        const inserted = await this.insert(
          run,
          session,
          farm.id,
          source.season_crop_id,
          variety!.id,
        );
        if (inserted !== null) added.push(inserted);
      }
      return added;
    });
    if (!ids.length) return [];
    return this.deps.db
      .select(FARM_VARIETY_COLUMNS)
      .from(t.farmVarieties)
      .innerJoin(t.varieties, eq(t.varieties.id, t.farmVarieties.varietyId))
      .where(inArray(t.farmVarieties.id, ids))
      .orderBy(asc(t.farmVarieties.farmId));
  }

  /** A member asks for a variety the catalogue lacks: stored, then e-mailed to support. */
  async requestVariety(session: Session, body: VarietySolicitationBody): Promise<true> {
    await this.deps.db.insert(t.varietySolicitations).values({
      accountId: session.accountId,
      userId: session.userId,
      suggestionName: body.suggestion_name,
      suggestionDescription: body.suggestion_description,
    });
    const [who] = await this.deps.db
      .select({ user: t.users.name, email: t.users.email, account: t.accounts.name })
      .from(t.users)
      .innerJoin(t.accounts, eq(t.accounts.id, session.accountId))
      .where(eq(t.users.id, session.userId));
    await this.deps.mailer.send(
      composeMail('variety_solicitation', this.deps.supportEmail, 'pt', {
        user: who?.user ?? '',
        email: who?.email ?? '',
        account: who?.account ?? '',
        suggestion_name: body.suggestion_name,
        suggestion_description: body.suggestion_description,
      }),
    );
    return true;
  }

  private indicated(variety: typeof t.varieties.$inferSelect, farm: FarmPlace): boolean {
    return isIndicatedFor(
      {
        countries: variety.countryIds.map((id) => acronymOf.get(id) ?? ''),
        regionStates: variety.regionStates,
      },
      farm,
    );
  }

  /** The new farm-variety id, or null when the farm has the variety in that season-crop. */
  private async insert(
    db: Executor,
    session: Session,
    farmId: number,
    seasonCropId: number,
    varietyId: number,
  ): Promise<number | null> {
    const [row] = await db
      .insert(t.farmVarieties)
      .values({ accountId: session.accountId, farmId, seasonCropId, varietyId })
      .onConflictDoNothing()
      .returning({ id: t.farmVarieties.id });
    return row?.id ?? null;
  }

  private async one(session: Session, id: number): Promise<FarmVariety | undefined> {
    const [row] = await this.deps.db
      .select(FARM_VARIETY_COLUMNS)
      .from(t.farmVarieties)
      .innerJoin(t.varieties, eq(t.varieties.id, t.farmVarieties.varietyId))
      .where(and(eq(t.farmVarieties.id, id), ofAccount(t.farmVarieties, session)));
    return row;
  }

  private async farmOf(session: Session, farmId: number): Promise<FarmPlace> {
    const [farm] = await this.farmsOf(session, [farmId]);
    return farm!;
  }

  /** The farms the member sees, with their place; 404 when one is not among them. */
  private async farmsOf(session: Session, farmIds: number[]): Promise<FarmPlace[]> {
    const rows = await this.deps.db
      .select({ id: t.farms.id, countryId: t.farms.countryId, stateCode: t.states.code })
      .from(t.farms)
      .leftJoin(t.states, eq(t.states.id, t.farms.stateId))
      .where(
        and(
          ofAccount(t.farms, session),
          inArray(t.farms.id, farmIds),
          isNull(t.farms.deletedAt),
          visibleFarms(session),
        ),
      );
    if (rows.length !== farmIds.length) throw new AppError(ERRORS.notFound, 'Farm not found');
    return rows.map((row) => ({
      id: row.id,
      country: acronymOf.get(row.countryId) ?? '',
      stateCode: row.stateCode,
    }));
  }

  /** A season-crop of the farm's country, or 404. */
  private async seasonCropOf(
    farm: FarmPlace,
    seasonCropId: number,
  ): Promise<{ id: number; cropId: number }> {
    const countryId = COUNTRIES.find((country) => country.acronym === farm.country)?.id;
    const [seasonCrop] = await this.deps.db
      .select({ id: t.seasonCrops.id, cropId: t.seasonCrops.cropId })
      .from(t.seasonCrops)
      .where(and(eq(t.seasonCrops.id, seasonCropId), eq(t.seasonCrops.countryId, countryId ?? 0)));
    if (!seasonCrop) throw new AppError(ERRORS.seasonCropNotFound, 'Season-crop not found');
    return seasonCrop;
  }
}
