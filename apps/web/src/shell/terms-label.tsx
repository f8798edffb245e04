import type { Language } from '@lavoura/domain';
import { Link } from '@mui/material';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { termsCountryOf, termsPath } from './terms';

/** "I have read and accept the terms of use", its link opening the country's terms in a new tab. */
export function TermsLabel({
  i18nKey,
  countryId,
  language,
}: {
  i18nKey: 'signup.accept_terms';
  countryId: number | null | undefined;
  language: Language;
}) {
  const { t } = useTranslation('auth');
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      components={{
        terms: (
          <Link
            component={RouterLink}
            to={termsPath(termsCountryOf(countryId), language)}
            target="_blank"
            rel="noopener"
          />
        ),
      }}
    />
  );
}
