import {
  LOCALE_RULES,
  formatMoney,
  formatNumber,
  toDisplayPrice,
  formatDose,
  toDisplayUnit,
  unitOf,
  type CurrencyCode,
  type Language,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n';
import { formatDateOnly } from '../../lib/date-only';

/**
 * A report's numbers in the reader's language: areas in ha or ac, productivity in sc/ha or bu/ac,
 * rain in mm or in, money in the farm country's currency (per ha or per ac), dates the
 * language's way, growth stages by name.
 */
export function useReportFormat(currency: string) {
  const { t } = useTranslation(['reports', 'reference']);
  const language: Language = useLanguage();
  const none = t('reports:none');
  const areaUnit = unitOf('area', language);
  const rainUnit = unitOf('precipitation', language);
  const money = (value: number) => formatMoney(value, currency as CurrencyCode, language);
  const number = (value: number, decimals: number) => formatNumber(value, language, decimals);
  return {
    language,
    none,
    areaUnit,
    rainUnit,
    yieldUnit: unitOf('productivity', language),
    area: (ha: number) => number(toDisplayUnit('area', ha, language), 2),
    money,
    moneyPerArea: (perHa: number) => money(toDisplayPrice('area', perHa, language)),
    productivity: (value: number | null) =>
      value === null ? none : number(toDisplayUnit('productivity', value, language), 1),
    rain: (mm: number | null) =>
      mm === null
        ? none
        : number(toDisplayUnit('precipitation', mm, language), rainUnit === 'in' ? 2 : 1),
    /** "0,4 L/ha", "0.162 L/ac". */
    dose: (perHa: number, unit?: string | null) => formatDose(perHa, unit, language),
    /** A quantity of product (dose × area) in the product's own unit. */
    quantity: (value: number) => number(value, 2),
    score: (value: number | null) => (value === null ? none : number(value, 1)),
    date: (value: string | null) => (value ? formatDateOnly(value, language) : none),
    instant: (value: string, timeZone: string) =>
      new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone,
      }).format(new Date(value)),
    month: (value: string) => {
      const [year, month] = value.split('-').map(Number);
      return new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(Date.UTC(year!, month! - 1, 1)));
    },
    stage: (stage: { message_key: string } | null) =>
      stage ? t(stage.message_key, { ns: 'reference' }) : none,
  };
}
