import { LOCALE_RULES } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';

const GROWTH_HABITS = new Set(['determinate', 'semi_determinate', 'indeterminate']);

interface VarietyFacts {
  asset_owner: string | null;
  relative_maturity: number | null;
  growth_habit: string | null;
  genetically_modified_organism: boolean | null;
}

/** A variety's facts as texts; a fact the data set does not give reads "not informed". */
export function useVarietyFacts() {
  const { t } = useTranslation('varieties');
  const language = useLanguage();
  const number = new Intl.NumberFormat(LOCALE_RULES[language].locale, {
    maximumFractionDigits: 2,
  });
  const notInformed = t('facts.not_informed');
  return {
    notInformed,
    /** A number in the language's format (1.587 in pt, 1,587 in en). */
    count: (value: number) => number.format(value),
    /** One line of the facts, each readable without its column (the add dialog's rows). */
    summary: (variety: VarietyFacts) =>
      [
        variety.relative_maturity === null
          ? t('add.facts.maturity_unknown')
          : t('add.facts.maturity', { value: number.format(variety.relative_maturity) }),
        variety.growth_habit === null
          ? t('add.facts.habit_unknown')
          : GROWTH_HABITS.has(variety.growth_habit)
            ? t(`growth_habit.${variety.growth_habit}`)
            : variety.growth_habit,
        t(
          variety.genetically_modified_organism === null
            ? 'add.facts.gmo_unknown'
            : variety.genetically_modified_organism
              ? 'add.facts.gmo_yes'
              : 'add.facts.gmo_no',
        ),
      ].join(' · '),
    owner: (variety: VarietyFacts) => variety.asset_owner?.trim() || notInformed,
    maturity: (variety: VarietyFacts) =>
      variety.relative_maturity === null ? notInformed : number.format(variety.relative_maturity),
    habit: (variety: VarietyFacts) =>
      variety.growth_habit === null
        ? notInformed
        : GROWTH_HABITS.has(variety.growth_habit)
          ? t(`growth_habit.${variety.growth_habit}`)
          : variety.growth_habit,
    gmo: (variety: VarietyFacts) =>
      variety.genetically_modified_organism === null
        ? notInformed
        : t(variety.genetically_modified_organism ? 'facts.yes' : 'facts.no'),
  };
}
