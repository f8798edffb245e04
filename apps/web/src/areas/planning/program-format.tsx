import {
  DISEASES,
  SEVERITY_LEVELS,
  findCountry,
  formatForInput,
  formatMoney,
  formatNumber,
  toDisplayPrice,
  toDisplayUnit,
  unitOf,
  type Language,
  type Quantity,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import type { Defensive } from '../../api/programs';
import type { Farm } from '../../api/farms';
import { useLanguage } from '../../app/i18n';
import { formatDateOnly } from '../../lib/date-only';

/** The dose quantity of a product's unit: L and kg convert to US units in English; others keep theirs. */
export function doseQuantityOf(unit: string | null | undefined): Quantity {
  const normalized = (unit ?? '').trim().toLowerCase().replace(/\s/g, '');
  if (normalized === 'l' || normalized === 'l/ha') return 'liquidDose';
  if (normalized === 'kg' || normalized === 'kg/ha') return 'solidDose';
  return 'perArea';
}

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

  const doseUnit = (unit: string | null | undefined) => {
    const quantity = doseQuantityOf(unit);
    // A unit the data set does not give reads "per ha" / "per ac" in the language.
    return quantity === 'perArea'
      ? unit
        ? `${unit.replace(/\s*\/\s*ha$/i, '')}/${areaUnit}`
        : t('programs:unit.per_area', { unit: areaUnit })
      : unitOf(quantity, language);
  };

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
    /** A dose per hectare as shown: "0,5 L/ha", "6.84 fl oz/ac". */
    dose: (perHa: number, unit: string | null | undefined) =>
      `${formatNumber(toDisplayUnit(doseQuantityOf(unit), perHa, language), language, 3)} ${doseUnit(unit)}`,
    /** A dose per hectare put back in an input in the language's unit. */
    doseForInput: (perHa: number, unit: string | null | undefined) =>
      formatForInput(toDisplayUnit(doseQuantityOf(unit), perHa, language), language, 3),
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
export function priceUnitKey(defensive: Pick<Defensive, 'unidade'> | undefined): {
  key: string;
  unit?: string;
} {
  const quantity = doseQuantityOf(defensive?.unidade);
  if (quantity === 'liquidDose') return { key: 'programs:unit.price_per', unit: 'L' };
  if (quantity === 'solidDose') return { key: 'programs:unit.price_per', unit: 'kg' };
  return { key: 'programs:unit.price_per_unit' };
}
