import { randomUUID } from 'node:crypto';
import {
  activeKey,
  COUNTRIES,
  CROP_IDS,
  DISEASES,
  ERRORS,
  bodyFieldError,
  productUnitOf,
  searchableText,
  toProductUnit,
  type AccountProduct,
  type AccountProductBody,
  type AccountVariety,
  type AccountVarietyBody,
  type PesticideRow,
} from '@lavoura/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { efficacyRows } from '../../db/catalogue/catalogue-efficacy.ts';
import { readEfficacyRules } from '../../db/catalogue/catalogue-files.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { authorizeRecord } from '../../policies/records.policy.ts';
import { ofAccount } from '../../policies/tenancy.ts';

type Pesticide = typeof t.pesticides.$inferSelect;
type Variety = typeof t.varieties.$inferSelect;
type StoredActive = {
  name: string;
  chemical_group: string | null;
  concentration: number | null;
  unit: string | null;
  mode_of_action: string | null;
};

const cropCodeOf = (cropId: number) =>
  (Object.entries(CROP_IDS).find(([, id]) => id === cropId)?.[0] ?? null) as
    PesticideRow['crops'][number] | null;
const countryOf = (countryId: number) =>
  COUNTRIES.find(
    (country) => country.id === countryId && ['BR', 'US', 'PY'].includes(country.acronym),
  );

/**
 * An account's own products and varieties (issue 28 item 5): rows of the catalogue's tables that
 * carry the account's id, so a program sprays them and a sowing sows them as catalogue rows; every
 * query here starts from the session's account. Another account's id is not found (404).
 */
export class AccountCatalogueService {
  private readonly rules = readEfficacyRules();

  constructor(private readonly db: Database) {}

  async products(session: Session): Promise<AccountProduct[]> {
    const rows = await this.db
      .select({ product: t.pesticides, informer: t.users.name })
      .from(t.pesticides)
      .leftJoin(t.users, eq(t.users.id, t.pesticides.informedBy))
      .where(ofAccount(t.pesticides, session))
      .orderBy(asc(sql`lower(${t.pesticides.name})`), asc(t.pesticides.id));
    return Promise.all(rows.map((row) => this.productAnswer(row.product, row.informer)));
  }

  async product(session: Session, id: number): Promise<AccountProduct> {
    const [row] = await this.db
      .select({ product: t.pesticides, informer: t.users.name })
      .from(t.pesticides)
      .leftJoin(t.users, eq(t.users.id, t.pesticides.informedBy))
      .where(and(eq(t.pesticides.id, id), ofAccount(t.pesticides, session)));
    if (!row) throw new AppError(ERRORS.notFound, 'Product not found');
    return this.productAnswer(row.product, row.informer);
  }

  async createProduct(session: Session, body: AccountProductBody): Promise<AccountProduct> {
    authorizeRecord(session, 'accountProduct', 'create');
    const values = await this.productValues(session, body);
    const id = await this.db.transaction(async (run) => {
      const [row] = await run
        .insert(t.pesticides)
        .values({ ...values, key: `account:${session.accountId}-${randomUUID()}` })
        .returning({ id: t.pesticides.id });
      await this.writeFacts(run, row!.id, body, values);
      return row!.id;
    });
    return this.product(session, id);
  }

  async updateProduct(
    session: Session,
    id: number,
    body: AccountProductBody,
  ): Promise<AccountProduct> {
    await this.product(session, id);
    authorizeRecord(session, 'accountProduct', 'change');
    const values = await this.productValues(session, body);
    await this.db.transaction(async (run) => {
      await run
        .update(t.pesticides)
        .set(values)
        .where(and(eq(t.pesticides.id, id), ofAccount(t.pesticides, session)));
      await this.writeFacts(run, id, body, values);
    });
    return this.product(session, id);
  }

  async deleteProduct(session: Session, id: number): Promise<void> {
    await this.product(session, id);
    authorizeRecord(session, 'accountProduct', 'delete');
    const [used] = await this.db
      .select({ id: t.sprayingProducts.id })
      .from(t.sprayingProducts)
      .where(and(ofAccount(t.sprayingProducts, session), eq(t.sprayingProducts.pesticideId, id)))
      .limit(1);
    if (used) throw new AppError(ERRORS.productInUse, 'The product is used in a program');
    await this.db.transaction(async (run) => {
      await run
        .delete(t.accountPesticideValues)
        .where(
          and(
            ofAccount(t.accountPesticideValues, session),
            eq(t.accountPesticideValues.pesticideId, id),
          ),
        );
      await run
        .delete(t.pesticides)
        .where(and(eq(t.pesticides.id, id), ofAccount(t.pesticides, session)));
    });
  }

  async varieties(session: Session): Promise<AccountVariety[]> {
    const rows = await this.db
      .select({ variety: t.varieties, informer: t.users.name })
      .from(t.varieties)
      .leftJoin(t.users, eq(t.users.id, t.varieties.informedBy))
      .where(ofAccount(t.varieties, session))
      .orderBy(asc(sql`lower(${t.varieties.name})`), asc(t.varieties.id));
    return rows.map((row) => varietyAnswer(row.variety, row.informer));
  }

  async variety(session: Session, id: number): Promise<AccountVariety> {
    const [row] = await this.db
      .select({ variety: t.varieties, informer: t.users.name })
      .from(t.varieties)
      .leftJoin(t.users, eq(t.users.id, t.varieties.informedBy))
      .where(and(eq(t.varieties.id, id), ofAccount(t.varieties, session)));
    if (!row) throw new AppError(ERRORS.notFound, 'Variety not found');
    return varietyAnswer(row.variety, row.informer);
  }

  async createVariety(session: Session, body: AccountVarietyBody): Promise<AccountVariety> {
    authorizeRecord(session, 'accountVariety', 'create');
    const [row] = await this.db
      .insert(t.varieties)
      .values({
        ...varietyValues(session, body),
        key: `account:${session.accountId}-${randomUUID()}`,
      })
      .returning({ id: t.varieties.id });
    return this.variety(session, row!.id);
  }

  async updateVariety(
    session: Session,
    id: number,
    body: AccountVarietyBody,
  ): Promise<AccountVariety> {
    await this.variety(session, id);
    authorizeRecord(session, 'accountVariety', 'change');
    await this.db
      .update(t.varieties)
      .set(varietyValues(session, body))
      .where(and(eq(t.varieties.id, id), ofAccount(t.varieties, session)));
    return this.variety(session, id);
  }

  /** 409 exception.variety.in_use once sown or planned; a farm that only added it lets it go. */
  async deleteVariety(session: Session, id: number): Promise<void> {
    await this.variety(session, id);
    authorizeRecord(session, 'accountVariety', 'delete');
    const farmVarieties = this.db
      .select({ id: t.farmVarieties.id })
      .from(t.farmVarieties)
      .where(and(ofAccount(t.farmVarieties, session), eq(t.farmVarieties.varietyId, id)));
    const [sown] = await this.db
      .select({ id: t.sowings.id })
      .from(t.sowings)
      .where(and(ofAccount(t.sowings, session), inArray(t.sowings.farmVarietyId, farmVarieties)))
      .limit(1);
    const [planned] = await this.db
      .select({ id: t.programs.id })
      .from(t.programs)
      .where(and(ofAccount(t.programs, session), inArray(t.programs.farmVarietyId, farmVarieties)))
      .limit(1);
    if (sown || planned) throw new AppError(ERRORS.varietyInUse, 'The variety is sown');
    await this.db.transaction(async (run) => {
      await run
        .delete(t.farmVarieties)
        .where(and(ofAccount(t.farmVarieties, session), eq(t.farmVarieties.varietyId, id)));
      await run
        .delete(t.varieties)
        .where(and(eq(t.varieties.id, id), ofAccount(t.varieties, session)));
    });
  }

  /** The product's row: its actives take the catalogue's chemical group and FRAC code by name. */
  private async productValues(session: Session, body: AccountProductBody) {
    const crop = cropCodeOf(body.crop_id);
    if (!crop) throw invalidField('crop_id');
    if (!countryOf(body.country_id)) throw invalidField('country_id');
    // The doses are per hectare of the product's L or kg: a formulation must say which.
    const unit = productUnitOf(body.formulacao);
    if (!unit) throw invalidField('formulacao');
    body.doses.forEach((dose, index) => {
      const disease = DISEASES.find((row) => row.id === dose.doenca_id);
      if (!disease || disease.crop_id !== body.crop_id)
        throw invalidField(`doses.${index}.doenca_id`);
      // A dose in mL or g of a liquid or solid product the formulation says otherwise of.
      if (toProductUnit(dose.dose_min, dose.unidade, unit) === null)
        throw invalidField(`doses.${index}.unidade`);
    });
    const actives = await this.knownActives(body.ativos.map((active) => active.nome));
    const stored: StoredActive[] = body.ativos.map((active) => {
      const known = actives.get(activeKey(active.nome));
      return {
        name: active.nome,
        chemical_group: known?.chemical_group ?? null,
        concentration: active.concentracao ?? null,
        unit: active.unidade ?? null,
        mode_of_action: known?.mode_of_action ?? null,
      };
    });
    return {
      countryId: body.country_id,
      name: body.nome,
      categories: ['fungicide'],
      classes: [],
      company: null,
      registrationNumber: body.registro || null,
      formulation: body.formulacao,
      cropIds: [body.crop_id],
      toxicologicalClass: null,
      environmentalClass: null,
      actives: stored,
      targets: [],
      whiteMold: body.doses.some(
        (dose) => DISEASES.find((d) => d.id === dose.doenca_id)?.code === 'MBR',
      ),
      searchText: searchableText(
        [body.nome, ...body.ativos.map((active) => active.nome)].join(' '),
      ),
      chemicalGroupKeys: [],
      activeKeys: [...new Set(body.ativos.map((active) => activeKey(active.nome)))],
      targetKeys: [],
      sourceId: 'account',
      listed: true,
      accountId: session.accountId,
      informedBy: session.userId,
      informedAt: new Date(),
    } satisfies Omit<typeof t.pesticides.$inferInsert, 'key'>;
  }

  /** The catalogue's facts of each active by its name in any spelling (chemical group, FRAC). */
  private async knownActives(names: string[]): Promise<Map<string, StoredActive>> {
    const keys = [...new Set(names.map(activeKey))];
    const known = new Map<string, StoredActive>();
    for (const key of keys) {
      const [row] = await this.db
        .select({ actives: t.pesticides.actives })
        .from(t.pesticides)
        .where(
          and(
            sql`${t.pesticides.accountId} is null`,
            sql`${key} = any(${t.pesticides.activeKeys})`,
          ),
        )
        .limit(1);
      const active = (row?.actives as StoredActive[] | undefined)?.find(
        (candidate) => activeKey(candidate.name) === key,
      );
      if (active) known.set(key, active);
    }
    return known;
  }

  /**
   * The engine's rows: a registration with the account's dose (in the product's L or kg) for each
   * target it lists, "not informed" for the crop's other targets, and the efficacy rules of its
   * actives (AGRONOMY §4b, by actives only: a rule by trade name is the catalogue product's).
   */
  private async writeFacts(
    run: Executor,
    id: number,
    body: AccountProductBody,
    values: Awaited<ReturnType<AccountCatalogueService['productValues']>>,
  ): Promise<void> {
    const unit = productUnitOf(body.formulacao);
    await run.delete(t.pesticideDoses).where(eq(t.pesticideDoses.pesticideId, id));
    await run.delete(t.pesticideEfficacies).where(eq(t.pesticideEfficacies.pesticideId, id));
    const listed = new Map(body.doses.map((dose) => [dose.doenca_id, dose]));
    const doses = DISEASES.filter((disease) => disease.crop_id === body.crop_id).map((disease) => {
      const dose = listed.get(disease.id);
      const min = dose && unit ? roundDose(toProductUnit(dose.dose_min, dose.unidade, unit)) : null;
      const max = dose && unit ? roundDose(toProductUnit(dose.dose_max, dose.unidade, unit)) : null;
      return {
        pesticideId: id,
        diseaseId: disease.id,
        registered: dose ? true : null,
        doseMin: min,
        doseMax: max,
        doseUnit: min === null ? null : unit,
        safetyIntervalDays: dose ? (body.intervalo_seguranca_dias ?? null) : null,
      };
    });
    if (doses.length) await run.insert(t.pesticideDoses).values(doses);
    const country = countryOf(body.country_id)!.acronym as PesticideRow['country'];
    const row: PesticideRow = {
      key: 'account:row',
      country,
      name: body.nome,
      categories: ['fungicide'],
      classes: [],
      company: null,
      registration_number: null,
      formulation: body.formulacao,
      crops: [cropCodeOf(body.crop_id)!],
      toxicological_class: null,
      environmental_class: null,
      actives: values.actives,
      targets: [],
      diseases: null,
      white_mold: values.whiteMold,
    };
    const efficacies = efficacyRows(
      [row],
      { ...this.rules.efficacyRules, by_name: [] },
      this.rules.s15,
    );
    if (efficacies.length)
      await run.insert(t.pesticideEfficacies).values(
        efficacies.map((efficacy) => ({
          pesticideId: id,
          countryId: body.country_id,
          diseaseId: efficacy.diseaseId,
          efficacy: efficacy.efficacy,
          tag: efficacy.tag,
          sourceId: efficacy.sourceId,
          note: efficacy.note,
        })),
      );
  }

  /** Its doses as the engine reads them: in the product's L or kg (300 mL/ha reads 0.3 L/ha). */
  private async productAnswer(row: Pesticide, informer: string | null): Promise<AccountProduct> {
    const doses = await this.db
      .select()
      .from(t.pesticideDoses)
      .where(and(eq(t.pesticideDoses.pesticideId, row.id), eq(t.pesticideDoses.registered, true)))
      .orderBy(asc(t.pesticideDoses.diseaseId));
    return {
      id: row.id,
      origem: 'account',
      nome: row.name,
      crop_id: row.cropIds[0]!,
      country_id: row.countryId,
      formulacao: row.formulation ?? '',
      unidade: productUnitOf(row.formulation),
      ativos: (row.actives as StoredActive[]).map((active) => ({
        nome: active.name,
        concentracao: active.concentration,
        unidade: active.unit,
      })),
      doses: doses.flatMap((dose) =>
        dose.doseMin === null || dose.doseMax === null || !dose.doseUnit
          ? []
          : [
              {
                doenca_id: dose.diseaseId,
                dose_min: dose.doseMin,
                dose_max: dose.doseMax,
                unidade: dose.doseUnit as 'L' | 'kg',
              },
            ],
      ),
      intervalo_seguranca_dias: doses[0]?.safetyIntervalDays ?? null,
      registro: row.registrationNumber,
      informado_por: informed(informer, row.informedAt),
    };
  }
}

/** A field the schema let through that a rule across fields refuses: 400, naming it. */
const invalidField = (path: string) =>
  new AppError(ERRORS.validation, `Invalid ${path}`, [bodyFieldError(path, `Invalid ${path}`)]);

/** 300 / 1000 is 0.3, not 0.30000000000000004. */
const roundDose = (value: number | null) =>
  value === null ? null : Math.round(value * 1_000_000) / 1_000_000;

const informed = (name: string | null, at: Date | null) => ({
  nome: name,
  data: (at ?? new Date(0)).toISOString(),
});

function varietyValues(session: Session, body: AccountVarietyBody) {
  if (!cropCodeOf(body.crop_id)) throw invalidField('crop_id');
  if (!countryOf(body.country_id)) throw invalidField('country_id');
  return {
    cropId: body.crop_id,
    countryIds: [body.country_id],
    name: body.nome,
    company: null,
    gmr: body.gmr ?? null,
    growthHabit: null,
    cycleClass: null,
    minCycle: body.ciclo_dias ?? null,
    maxCycle: body.ciclo_dias ?? null,
    rustTolerant: null,
    minPopulation: null,
    maxPopulation: null,
    startSowing: null,
    endSowing: null,
    gmo: null,
    regionStates: null,
    registrationNumber: null,
    reactions: [],
    searchText: searchableText(body.nome),
    targetKeys: [],
    sourceId: 'account',
    listed: true,
    accountId: session.accountId,
    informedBy: session.userId,
    informedAt: new Date(),
  } satisfies Omit<typeof t.varieties.$inferInsert, 'key'>;
}

function varietyAnswer(row: Variety, informer: string | null): AccountVariety {
  return {
    id: row.id,
    origem: 'account',
    nome: row.name,
    crop_id: row.cropId,
    country_id: row.countryIds[0]!,
    gmr: row.gmr,
    ciclo_dias: row.minCycle,
    informado_por: informed(informer, row.informedAt),
  };
}
