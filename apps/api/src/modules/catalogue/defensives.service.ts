import { ERRORS, NO_REGISTRATION_DOSE, productUnitOf, type ProductUnit } from '@lavoura/domain';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import * as t from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { Session } from '../auth/session.types.ts';
import { ofAccount, visibleFarms } from '../../policies/tenancy.ts';

/** A fungicide as a program picks it (spec 2 §3 Defensive), with the account's last values. */
export interface Defensive {
  id: number;
  nome: string;
  /** L or kg (per hectare), from the formulation; null: not informed. */
  unidade: ProductUnit | null;
  /** "catalogue", or "account" for a product the account entered itself. */
  origem: 'catalogue' | 'account';
  tipo: 'fungicide';
  pais_id: number;
  is_white_mold: boolean;
  doses: {
    target_id: number;
    /** null: the data set does not say whether the product is registered for the target. */
    has_register: boolean | null;
    dose_recomendada: number | null;
    dose_recomendada_max: number | null;
    /** Pre-harvest interval on the label, days; null: not informed. */
    intervalo_seguranca_dias: number | null;
  }[];
  lastPrice: number | null;
  lastDose: number | null;
}

export interface LastValue {
  defensivo_id: number;
  preco: number | null;
  dose: number | null;
  /** 1 for the product the account used most. */
  ranking: number;
}

/**
 * The catalogue's fungicides as spray programs use them (spec 2 §7 Defensives): those of the
 * farm's country and crop, their registration per disease (999999 where the product has none) and
 * the price and dose the account last used.
 */
export class DefensivesService {
  constructor(private readonly db: Database) {}

  async list(session: Session, farmId: number, cropId: number): Promise<Defensive[]> {
    const [farm] = await this.db
      .select({ countryId: t.farms.countryId })
      .from(t.farms)
      .where(
        and(
          ofAccount(t.farms, session),
          eq(t.farms.id, farmId),
          isNull(t.farms.deletedAt),
          visibleFarms(session),
        ),
      );
    if (!farm) throw new AppError(ERRORS.notFound, 'Farm not found');
    const products = await this.db
      .select({
        id: t.pesticides.id,
        name: t.pesticides.name,
        formulation: t.pesticides.formulation,
        countryId: t.pesticides.countryId,
        whiteMold: t.pesticides.whiteMold,
        accountId: t.pesticides.accountId,
        lastPrice: t.accountPesticideValues.price,
        lastDose: t.accountPesticideValues.dose,
      })
      .from(t.pesticides)
      .leftJoin(
        t.accountPesticideValues,
        and(
          eq(t.accountPesticideValues.pesticideId, t.pesticides.id),
          ofAccount(t.accountPesticideValues, session),
        ),
      )
      .where(
        and(
          eq(t.pesticides.listed, true),
          // The catalogue's and the account's own products (issue 28 item 5).
          or(isNull(t.pesticides.accountId), ofAccount(t.pesticides, session)),
          eq(t.pesticides.countryId, farm.countryId),
          sql`'fungicide' = any(${t.pesticides.categories})`,
          sql`${cropId} = any(${t.pesticides.cropIds})`,
        ),
      )
      .orderBy(asc(sql`lower(${t.pesticides.name})`), asc(t.pesticides.id));
    const doses = products.length
      ? await this.db
          .select()
          .from(t.pesticideDoses)
          .innerJoin(t.diseases, eq(t.diseases.id, t.pesticideDoses.diseaseId))
          .where(
            and(
              inArray(
                t.pesticideDoses.pesticideId,
                products.map((product) => product.id),
              ),
              eq(t.diseases.cropId, cropId),
            ),
          )
          .orderBy(asc(t.pesticideDoses.diseaseId))
      : [];
    const dosesOf = new Map<number, Defensive['doses']>();
    for (const { pesticide_doses: dose } of doses) {
      const unregistered = dose.registered === false;
      dosesOf.set(dose.pesticideId, [
        ...(dosesOf.get(dose.pesticideId) ?? []),
        {
          target_id: dose.diseaseId,
          has_register: dose.registered,
          dose_recomendada: unregistered ? NO_REGISTRATION_DOSE : dose.doseMin,
          dose_recomendada_max: unregistered ? NO_REGISTRATION_DOSE : dose.doseMax,
          intervalo_seguranca_dias: dose.safetyIntervalDays,
        },
      ]);
    }
    return products.map((product) => ({
      id: product.id,
      nome: product.name,
      unidade: productUnitOf(product.formulation),
      origem: product.accountId === null ? 'catalogue' : 'account',
      tipo: 'fungicide',
      pais_id: product.countryId,
      is_white_mold: product.whiteMold,
      doses: dosesOf.get(product.id) ?? [],
      lastPrice: product.lastPrice === null ? null : Number(product.lastPrice),
      lastDose: product.lastDose,
    }));
  }

  /** The account's last price and dose per product, the most used first. */
  async lastValues(session: Session): Promise<LastValue[]> {
    const rows = await this.db
      .select()
      .from(t.accountPesticideValues)
      .where(ofAccount(t.accountPesticideValues, session))
      .orderBy(desc(t.accountPesticideValues.uses), desc(t.accountPesticideValues.updatedAt));
    return rows.map((row, index) => ({
      defensivo_id: row.pesticideId,
      preco: row.price === null ? null : Number(row.price),
      dose: row.dose,
      ranking: index + 1,
    }));
  }

  /** Adjuvants: the bundled data set has none (AGROFIT does not register them), so none. */
  adjuvants(): [] {
    return [];
  }
}
