import {
  DISEASES,
  NO_REGISTRATION_DOSE,
  efficacyNotCountedReason,
  productUnitOf,
  type CatalogueCategory,
  type EfficacyNote,
  type EfficacyTag,
  type PesticideDetail,
  type PesticideItem,
  type VarietyDetail,
  type VarietyItem,
} from '@lavoura/domain';
import type * as t from '../../db/schema.ts';

/**
 * Catalogue items as the API answers them (spec 3 §3: pesticide and seed variety items; the
 * contract is packages/domain/src/contracts/catalogue.ts). A fact the data set lacks is null,
 * which the screen shows as "not informed"; a dose without registration is the spec's 999999
 * (`sem_registro`, NO_REGISTRATION_DOSE).
 */

type Pesticide = typeof t.pesticides.$inferSelect;
type Variety = typeof t.varieties.$inferSelect;
type Dose = typeof t.pesticideDoses.$inferSelect;
type Efficacy = typeof t.pesticideEfficacies.$inferSelect;

interface Active {
  name: string;
  chemical_group: string | null;
  concentration: number | null;
  unit: string | null;
  mode_of_action: string | null;
}

const diseaseById = new Map(DISEASES.map((disease) => [disease.id, disease]));

const chemicalGroup = (actives: Active[]) =>
  [...new Set(actives.map((active) => active.chemical_group).filter(Boolean))].join(' + ') || null;

/** The columns a list item reads: not the targets, the largest part of a row. */
export type PesticideListRow = Omit<Pesticide, 'targets'>;

/** Who entered a row is the service's to read: an item without it. */
type Presented<T> = Omit<T, 'informado_por'>;

export function pesticideListItem(
  row: PesticideListRow,
  category: CatalogueCategory,
): Presented<PesticideItem> {
  const actives = row.actives as Active[];
  return {
    id: row.id,
    pesticide_id: row.id,
    category,
    /** "catalogue", or "account" for a product the account entered itself. */
    origem: row.accountId === null ? ('catalogue' as const) : ('account' as const),
    country: row.countryId,
    pesticide: row.name,
    crops: row.cropIds,
    agronomic_category: row.categories,
    asset_owner: row.company,
    registration_number: row.registrationNumber,
    formulation: row.formulation,
    chemical_group: chemicalGroup(actives),
    activeIngredients: actives.map((active) => ({
      active_ingredient: active.name,
      concentration: active.concentration,
      unit: active.unit,
      mode_of_action: active.mode_of_action,
    })),
    white_mold: row.whiteMold,
  };
}

export function pesticideDetail(
  row: Pesticide,
  category: CatalogueCategory,
  doses: Dose[],
  efficacies: Efficacy[],
): Presented<PesticideDetail> {
  const targets = row.targets as { scientific_name: string; common_names: string[] }[];
  const registeredFor = new Map(doses.map((dose) => [dose.diseaseId, dose.registered]));
  return {
    ...pesticideListItem(row, category),
    classes: row.classes,
    /** L or kg per hectare, from the formulation (docs/data-sources.md, dose units). */
    pesticide_unit: productUnitOf(row.formulation),
    use: null,
    product_action: null,
    risk_of_product: {
      is_corrosive: row.isCorrosive,
      is_flammable: row.isFlammable,
      toxicological_class: row.toxicologicalClass,
      environmental_class: row.environmentalClass,
    },
    package: row.packaging as PesticideDetail['package'],
    instructions: { date: null, leaflet_link: row.leafletLink },
    targets,
    doses_per_target: doses
      .map((dose) => {
        const disease = diseaseById.get(dose.diseaseId)!;
        return {
          crop_id: disease.crop_id,
          target_id: disease.id,
          target_code: disease.code,
          target_message_key: disease.message_key,
          has_register: dose.registered,
          doses_unit: dose.doseUnit,
          doses_min: dose.registered === false ? NO_REGISTRATION_DOSE : dose.doseMin,
          doses_max: dose.registered === false ? NO_REGISTRATION_DOSE : dose.doseMax,
          safety_interval_days: dose.safetyIntervalDays,
        };
      })
      .sort((a, b) => a.target_id - b.target_id),
    efficacies: efficacies
      .map((efficacy) => ({
        country_id: efficacy.countryId,
        disease_id: efficacy.diseaseId,
        disease_message_key: diseaseById.get(efficacy.diseaseId)!.message_key,
        efficacy: efficacy.efficacy,
        // Text columns written only from the catalogue's checked files (db/catalogue/): their codes.
        tag: efficacy.tag as EfficacyTag,
        source_id: efficacy.sourceId,
        note: efficacy.note as EfficacyNote | null,
        /**
         * Why the engine does not count this efficacy (the product is not registered for the
         * target, or its registration is not informed); null: it counts (the engine's own rule).
         */
        not_counted_reason: efficacyNotCountedReason(registeredFor.get(efficacy.diseaseId)),
      }))
      .sort((a, b) => a.disease_id - b.disease_id),
    source_id: row.sourceId,
  };
}

const dayAndMonth = (value: number | null) =>
  value === null ? null : { day: value % 100, month: Math.floor(value / 100) };

export function varietyListItem(row: Variety): Presented<VarietyItem> {
  return {
    id: row.id,
    seed_id: row.id,
    category: 'variety' as const,
    origem: row.accountId === null ? ('catalogue' as const) : ('account' as const),
    name: row.name,
    crop_id: row.cropId,
    countries: row.countryIds,
    relative_maturity: row.gmr,
    asset_owner: row.company,
    growth_habit: row.growthHabit,
    cycle_class: row.cycleClass,
    genetically_modified_organism: row.gmo,
  };
}

export function varietyDetail(row: Variety): Presented<VarietyDetail> {
  const reactions = row.reactions as { target: string; reaction: string }[];
  return {
    ...varietyListItem(row),
    min_cycle: row.minCycle,
    max_cycle: row.maxCycle,
    rust_tolerant: row.rustTolerant,
    min_population: row.minPopulation,
    max_population: row.maxPopulation,
    start_sowing: dayAndMonth(row.startSowing),
    end_sowing: dayAndMonth(row.endSowing),
    region_states: row.regionStates,
    registration_number: row.registrationNumber,
    diseases: reactions.map((reaction) => ({
      target: reaction.target,
      resistance_plant: reaction.reaction,
    })),
    source_id: row.sourceId,
  };
}
