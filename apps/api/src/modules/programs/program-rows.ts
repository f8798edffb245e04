import type { ProductUnit } from '@lavoura/domain';

/** What the service reads of a program to answer it and check its rules. */
export interface ProgramRow {
  id: number;
  farmId: number;
  farmVarietyId: number | null;
  sowingId: number | null;
  seasonCropId: number | null;
  cropId: number;
  countryId: number;
  name: string;
  mainDiseaseId: number | null;
  secondaryDiseaseIds: number[];
  severityId: number | null;
  whiteMold: boolean;
  whiteMoldSprayings: number | null;
  suggestedSprayings: number | null;
  rational: boolean;
  importedFromId: number | null;
  expectedEmergence: string | null;
  cycleDays: number | null;
  timeZone: string;
  /** The season-crop's first day: whether it is the current season. */
  seasonStart: string;
  sowingDate: string | null;
  sowingEmergence: string | null;
  sowingCycle: number | null;
  sowingArea: number | null;
  /** The catalogue variety's cycle range (days to maturity); null where the source says nothing. */
  varietyMinCycle: number | null;
  varietyMaxCycle: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface SprayingRow {
  id: number;
  programId: number;
  ordinal: number;
  plannedDate: string;
  originalDate: string | null;
  appliedAt: string | null;
  whiteMold: boolean;
  products: {
    pesticideId: number;
    name: string;
    /** The product's L or kg (from its formulation); null: not informed. */
    unit: ProductUnit | null;
    dose: number;
    price: number;
  }[];
}
