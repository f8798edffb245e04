import {
  DISEASES,
  doseInAreaUnit,
  doseUnitLabel,
  SEVERITY_LEVELS,
  findCountry,
  formatForInput,
  formatMoney,
  formatNumber,
  toDisplayPrice,
  toDisplayUnit,
  unitOf,
  type Language,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import type { Farm } from '../../../api/farms';
import { useLanguage } from '../../../lib/i18n';
import { formatDateOnly } from '../../../lib/date-only';

/**
 * A program's numbers in the user's language and the farm's currency: money per hectare (per acre
 * in English), doses in the product's unit per area, dates, disease and severity names.
 */
export function useProgramFormat(farm: Farm) {
  const { t } = useTranslation(['programs', 'reference']);
  const language: Language = useLanguage();
  const currency = findCountry(farm.pais.id)?.currency ?? null;
  const money = (value: number) =>
    currency ? formatMoney(value, currency, language) : formatNumber(value, language);
  const areaUnit = unitOf('area', language);

  // A unit the data set does not give reads "per ha" / "per ac" in the language.
  const doseUnit = (unit: string | null | undefined) =>
    doseUnitLabel(unit, language) ?? t('programs:unit.per_area', { unit: areaUnit });

  return {
    language,
    money,
    areaUnit,
    /** A cost per hectare as "R$ 105,00/ha" or "$42.49/ac". */
    costPerArea: (perHa: number) =>
      t('programs:unit.money_per_area', {
        value: money(toDisplayPrice('area', perHa, language)),
        unit: areaUnit,
      }),
    /** A farm's sown area in the language's unit. */
    area: (hectares: number) =>
      `${formatNumber(toDisplayUnit('area', hectares, language), language)} ${areaUnit}`,
    doseUnit,
    /** A dose per hectare as shown: "0,5 L/ha", "0.202 L/ac". */
    dose: (perHa: number, unit: string | null | undefined) =>
      `${formatNumber(doseInAreaUnit(perHa, language), language, 3)} ${doseUnit(unit)}`,
    /** A dose per hectare put back in an input in the language's unit. */
    doseForInput: (perHa: number) => formatForInput(doseInAreaUnit(perHa, language), language, 3),
    /** A price per unit of product (not converted: the unit it is bought in). */
    price: (value: number) => money(value),
    day: (value: string) => formatDateOnly(value, language),
    disease: (id: number | null) => {
      const disease = DISEASES.find((row) => row.id === id);
      return disease ? t(disease.message_key, { ns: 'reference' }) : '';
    },
    severity: (id: number | null) => {
      const level = SEVERITY_LEVELS.find((row) => row.id === id);
      return level ? t(level.message_key, { ns: 'reference' }) : t('programs:not_informed');
    },
  };
}

export type ProgramFormat = ReturnType<typeof useProgramFormat>;

/** The unit a product's price is per: "per L", "per kg", or "per unit" when not known. */
export function priceUnitKey(defensive: { unidade: string | null } | undefined): {
  key: string;
  unit?: string;
} {
  const unit = (defensive?.unidade ?? '').replace(/\s*\/\s*ha$/i, '').trim();
  return unit ? { key: 'programs:unit.price_per', unit } : { key: 'programs:unit.price_per_unit' };
}
