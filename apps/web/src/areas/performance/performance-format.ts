import {
  CURRENCY_IDS,
  formatMoney,
  formatNumber,
  toDisplayPrice,
  toDisplayUnit,
  unitOf,
  type CurrencyCode,
  type Language,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n';
import { useAreaText } from '../../lib/area-text';

const isCurrency = (code: string | null): code is CurrencyCode =>
  code !== null && code in CURRENCY_IDS;

/**
 * The API answers metric (sc/ha, sacks, ha) and the farm's currency; the page shows the
 * language's units (units.ts): sc/ha and sc in Portuguese and Spanish, bu/ac and bu in English,
 * money per hectare or per acre.
 */
export function usePerformanceFormat(currency: string | null) {
  const { t } = useTranslation('performance');
  const language: Language = useLanguage();
  const area = useAreaText();
  const areaUnit = unitOf('area', language);
  const money = (value: number) =>
    isCurrency(currency) ? formatMoney(value, currency, language) : formatNumber(value, language);
  return {
    language,
    area,
    areaUnit,
    /** sc/ha (metric) or bu/ac (English). */
    productivityValue: (scHa: number) => toDisplayUnit('productivity', scHa, language),
    productivity: (scHa: number) =>
      `${formatNumber(toDisplayUnit('productivity', scHa, language), language, 1)} ${unitOf('productivity', language)}`,
    /** Sacks of 60 kg, or bushels in English. */
    production: (sacks: number) =>
      `${formatNumber(toDisplayUnit('sacks', sacks, language), language, 0)} ${unitOf('sacks', language)}`,
    /** A cost per ha, per acre in English, in the farm's currency. */
    costPerAreaValue: (perHa: number) => toDisplayPrice('area', perHa, language),
    costPerArea: (perHa: number) =>
      t('unit.per_area', { value: money(toDisplayPrice('area', perHa, language)), unit: areaUnit }),
    money,
    days: (days: number) => t('unit.days', { value: formatNumber(days, language, 0) }),
    count: (value: number) => formatNumber(value, language, 0),
    decimal: (value: number) => formatNumber(value, language, 1),
  };
}

export type PerformanceFormat = ReturnType<typeof usePerformanceFormat>;
