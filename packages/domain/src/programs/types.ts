import type { CountryId } from '../reference/countries.ts';
import type { CropId } from '../reference/crops.ts';

/** Severity levels of a program (codes of SEVERITY_LEVELS). */
export type Severity = 'high' | 'medium_high' | 'medium' | 'medium_low' | 'low';

/** A disease's code (DISEASES[].code: 'FER' asian rust, 'GIB' FHB …): the key of every table. */
export type DiseaseCode = string;

/** One product's efficacy for one target, in the program's crop and country. */
export interface TargetEfficacy {
  /** Control (percent) at the registered dose; null = not informed (adds no efficacy). */
  efficacy: number | null;
  /** The label's maximum dose for the target; null or 999999 = no registration (sem_registro). */
  registeredDose: number | null;
  /**
   * Registered for the target, but the source gives no dose: the dose factor is taken as 1
   * (assumption, warned as `registered_dose_not_informed`) instead of counting no registration.
   */
  registeredDoseNotInformed?: boolean;
  /** The label's safety interval (pre-harvest interval) for the target, days; absent: not informed. */
  safetyIntervalDays?: number;
}

/** A catalogue product as the engine reads it (the entries of the program's crop and country). */
export interface ProgramProduct {
  id: number;
  name: string;
  /** FRAC codes: '3' DMI, '7' SDHI, '11' QoI, 'M' or 'M3'… multisite, '29', '2' … */
  groups: readonly string[];
  /** Residual L in days; when absent, the longest of its groups' residuals (AGRONOMY §4). */
  residualDays?: number;
  perDisease: Readonly<Record<DiseaseCode, TargetEfficacy>>;
  /** Price per unit of dose, for the suggestion's cost tie-break. */
  price?: number;
  /**
   * The grower's last dose of the product: the suggestion's dose where the source gives no
   * registered dose for the target.
   */
  lastDose?: number;
}

export interface ProductDose {
  productId: number;
  dose: number;
}

export interface ProgramDisease {
  code: DiseaseCode;
  role: 'main' | 'secondary';
}

/** The crop context every computation starts from. */
export interface CropContext {
  cropId: CropId;
  countryId: CountryId;
  /** Emergence date (DAE 0), YYYY-MM-DD. */
  emergence: string;
  /** Cycle C: days from emergence to the last stage. */
  cycleDays: number;
}
