import { useMemo } from 'react';
import { LOCALE_RULES } from '@lavoura/domain';
import { useLanguage } from '../../app/i18n';

/** A note's moment (created, edited) in the user's language: date and time. */
export function useNoteDate() {
  const language = useLanguage();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    return (iso: string) => format.format(new Date(iso));
  }, [language]);
}
