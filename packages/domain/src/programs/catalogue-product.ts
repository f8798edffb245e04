import type { ProgramProduct, TargetEfficacy } from './types.ts';
import { NO_REGISTRATION_DOSE } from './parameters.ts';

/**
 * A catalogue product as the engine reads it (AGRONOMY §4b: "the engine reads E from there").
 * Registrations: `registered` false is no registration (sem_registro); null is not informed (the
 * source only implies it): no efficacy counts; true with the label's lowest dose, or without a
 * dose in the source (then f(ρ) is taken as 1, an assumption the engine warns about).
 * Efficacy: the shipped value for the program's country, else not informed.
 */
export interface CatalogueProductFacts {
  id: number;
  name: string;
  /** The actives' modes of action as the catalogue gives them: 'FRAC 11', 'FRAC M03', or null. */
  modesOfAction: readonly (string | null)[];
  registrations: readonly {
    diseaseCode: string;
    registered: boolean | null;
    /**
     * The registered dose (AGRONOMY §5's "registered"): the lowest dose of the label's range for
     * the crop and target, so any dose the label allows counts in full; null: not informed.
     */
    labelDose: number | null;
    /** The label's safety interval (pre-harvest interval) for the target, days; null: not informed. */
    safetyIntervalDays?: number | null;
  }[];
  /** Efficacy percent per disease for the program's country. */
  efficacies: readonly { diseaseCode: string; efficacy: number }[];
}

/** 'FRAC 11' → '11', 'FRAC M03' → 'M03'; anything else (not informed) is left out. */
export function fracGroup(modeOfAction: string | null): string | null {
  const match = /^FRAC\s+([0-9A-Z]+)$/i.exec(modeOfAction?.trim() ?? '');
  return match ? match[1]!.toUpperCase() : null;
}

/**
 * Why a shipped efficacy does not count for a product and target (AGRONOMY §5): the source says
 * the product is not registered for the target (`not_registered`, sem_registro), or says nothing
 * about its registration (`registration_not_informed`, no row or `registered` null). Null: the
 * efficacy counts. The engine (programProduct) and the catalogue's screen both read it here.
 */
export const EFFICACY_NOT_COUNTED_REASONS = [
  'not_registered',
  'registration_not_informed',
] as const;
export type EfficacyNotCountedReason = (typeof EFFICACY_NOT_COUNTED_REASONS)[number];

export function efficacyNotCountedReason(
  registered: boolean | null | undefined,
): EfficacyNotCountedReason | null {
  if (registered === true) return null;
  return registered === false ? 'not_registered' : 'registration_not_informed';
}

export function programProduct(facts: CatalogueProductFacts): ProgramProduct {
  const groups = [
    ...new Set(facts.modesOfAction.map(fracGroup).filter((g): g is string => g !== null)),
  ];
  const efficacyOf = new Map(facts.efficacies.map((row) => [row.diseaseCode, row.efficacy]));
  const perDisease: Record<string, TargetEfficacy> = {};
  for (const registration of facts.registrations) {
    const efficacy = efficacyOf.get(registration.diseaseCode) ?? null;
    const notCounted = efficacyNotCountedReason(registration.registered);
    if (notCounted === 'not_registered')
      perDisease[registration.diseaseCode] = { efficacy, registeredDose: NO_REGISTRATION_DOSE };
    else if (notCounted === 'registration_not_informed')
      // Not informed whether registered: counted as registered without an efficacy (adds none).
      perDisease[registration.diseaseCode] = {
        efficacy: null,
        registeredDose: null,
        registeredDoseNotInformed: true,
      };
    else if (registration.labelDose !== null && registration.labelDose > 0)
      perDisease[registration.diseaseCode] = { efficacy, registeredDose: registration.labelDose };
    else
      perDisease[registration.diseaseCode] = {
        efficacy,
        registeredDose: null,
        registeredDoseNotInformed: true,
      };
    const interval = registration.safetyIntervalDays;
    if (interval !== undefined && interval !== null && interval >= 0)
      perDisease[registration.diseaseCode]!.safetyIntervalDays = interval;
  }
  return { id: facts.id, name: facts.name, groups, perDisease };
}
