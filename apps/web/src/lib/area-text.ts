import { useCallback } from 'react';
import { formatTruncated, toDisplayUnit, unitOf } from '@lavoura/domain';
import { useLanguage } from './i18n';

/** An area stored in hectares, the language's way: "12,5 ha" in pt and es, "30.88 ac" in English. */
export function useAreaText(): (hectares: number) => string {
  const language = useLanguage();
  return useCallback(
    (hectares: number) =>
      `${formatTruncated(toDisplayUnit('area', hectares, language), 2, language)} ${unitOf('area', language)}`,
    [language],
  );
}
