import {
  CROPS,
  LOCALE_RULES,
  NO_REGISTRATION_DOSE,
  doseInAreaUnit,
  doseUnitLabel,
  formatNumber,
  searchableText,
  type Language,
} from '@lavoura/domain';
import type { DosePerTarget } from '../../api/catalogue';

/** The `t` of react-i18next, as these helpers use it (keys name their namespace). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * How the catalogue's facts read. Every missing fact (null, an empty list) says "not informed" in
 * the user's language: a blank or a 0 would read as a value.
 */

export { formatNumber };

/** The text of a fact, or "not informed". */
export function informed(t: Translate, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return t('catalog:not_informed');
  const text = String(value).trim();
  return text === '' ? t('catalog:not_informed') : text;
}

/**
 * A formulation as AGROFIT gives it ("SC - Suspensão Concentrada"): its CropLife code and the
 * code's name in the page's language; a code we have no name for keeps the data set's text.
 */
export function formulationName(t: Translate, value: string | null | undefined): string {
  const text = informed(t, value);
  const code = /^([A-Z]{2}) - /.exec(text)?.[1];
  if (code === undefined) return text;
  return `${code} - ${t(`catalog:formulation.${code}`, { defaultValue: text.slice(5) })}`;
}

/**
 * A data set's name as a key of its translation (formulations, classes and chemical groups are
 * texts of the catalog namespace, which loads with this area alone): "ácido ariloxialcanóico" →
 * acido_ariloxialcanoico.
 */
const nameKey = (name: string) =>
  searchableText(name)
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/**
 * A product's toxicological or environmental class (AGROFIT's Portuguese names of the Brazilian
 * categories) in the page's language; a class we have no name for keeps the data set's text.
 */
export function riskClassName(
  t: Translate,
  kind: 'toxicological_class' | 'environmental_class',
  value: string | null | undefined,
): string {
  if (value === null || value === undefined || value.trim() === '') return informed(t, value);
  return t(`catalog:${kind}.${nameKey(value)}`, { defaultValue: value });
}

/** A product's classes (AGROFIT's "Fungicida", "Regulador de Crescimento") in the page's language. */
export function productClassNames(t: Translate, values: readonly string[] | null | undefined) {
  return joined(
    t,
    (values ?? []).map((value) =>
      t(`catalog:product_class.${nameKey(value)}`, { defaultValue: value }),
    ),
  );
}

/**
 * The chemical groups of a product's actives ("triazol + estrobilurina", AGROFIT's Portuguese) in
 * the page's language; a group we have no name for keeps the data set's text.
 */
export function chemicalGroupName(t: Translate, value: string | null | undefined): string {
  const text = informed(t, value);
  if (value === null || value === undefined || value.trim() === '') return text;
  return text
    .split(' + ')
    .map((group) => t(`catalog:chemical_group.${nameKey(group)}`, { defaultValue: group }))
    .join(' + ');
}

export function yesNo(t: Translate, value: boolean | null | undefined): string {
  if (value === null || value === undefined) return t('catalog:not_informed');
  return t(value ? 'catalog:yes' : 'catalog:no');
}

export function cropName(t: Translate, cropId: number): string {
  const crop = CROPS.find((item) => item.id === cropId);
  return crop ? t(crop.message_key, { ns: 'reference' }) : t('catalog:not_informed');
}

export function cropNames(t: Translate, cropIds: readonly number[]): string {
  if (cropIds.length === 0) return t('catalog:not_informed');
  return cropIds.map((id) => cropName(t, id)).join(t('catalog:list_separator'));
}

/** A list of texts, or "not informed" when there is none. */
export function joined(t: Translate, values: readonly (string | null)[] | null | undefined) {
  const present = (values ?? []).filter((value): value is string => !!value?.trim());
  return present.length > 0 ? present.join(t('catalog:list_separator')) : t('catalog:not_informed');
}

/** "min to max", "value" when both are the same, the one given, or null when neither is. */
export function range(
  t: Translate,
  language: Language,
  min: number | null,
  max: number | null,
  digits = 2,
): string | null {
  if (min === null && max === null) return null;
  if (min === null || max === null || min === max) {
    return formatNumber((min ?? max)!, language, digits);
  }
  return t('catalog:detail.dose_range', {
    min: formatNumber(min, language, digits),
    max: formatNumber(max, language, digits),
  });
}

/** A label's dose for a target: "Not registered" (999999), "Not informed" (null) or the range. */
export function doseText(t: Translate, language: Language, dose: DosePerTarget): string {
  if (
    dose.has_register === false ||
    dose.doses_min === NO_REGISTRATION_DOSE ||
    dose.doses_max === NO_REGISTRATION_DOSE
  ) {
    return t('catalog:detail.not_registered');
  }
  // Per hectare of the product's L or kg, per acre in English ("0,4 a 0,5 L/ha", "0.162 L/ac").
  const perArea = (value: number | null) =>
    value === null ? null : doseInAreaUnit(value, language);
  const value = range(t, language, perArea(dose.doses_min), perArea(dose.doses_max), 3);
  if (value === null) return t('catalog:not_informed');
  const unit = doseUnitLabel(dose.doses_unit, language);
  const safety =
    dose.safety_interval_days == null
      ? ''
      : ` · ${t('catalog:detail.safety_interval', { count: dose.safety_interval_days })}`;
  return `${unit ? `${value} ${unit}` : value}${safety}`;
}

export type RegistrationState = 'registered' | 'not_registered' | 'not_informed';

export function registrationOf(dose: DosePerTarget): RegistrationState {
  if (dose.has_register === false || dose.doses_min === NO_REGISTRATION_DOSE)
    return 'not_registered';
  if (dose.has_register === true) return 'registered';
  return 'not_informed';
}

/** A day of the year ({day, month}) as the language writes it: "15 Oct", "Oct 15". */
export function dayOfYear(language: Language, value: { day: number; month: number }): string {
  return new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2001, value.month - 1, value.day)));
}
