import { useMemo } from 'react';
import { formatFarmInstant } from '@lavoura/domain';
import { useLanguage } from '../../../lib/i18n';
import { useCurrentFarm } from '../../../app/farm/current-farm-context';

/**
 * A note's moment (created, edited) in the user's language, on the clock of the farm it is about,
 * as its report shows it: the same hour wherever the reader's browser is.
 */
export function useNoteDate(farmId: number) {
  const language = useLanguage();
  const { farms } = useCurrentFarm();
  const timeZone = farms.data?.find((farm) => farm.id === farmId)?.time_zone;
  return useMemo(
    () => (iso: string) =>
      formatFarmInstant(
        iso,
        language,
        timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      ),
    [language, timeZone],
  );
}
