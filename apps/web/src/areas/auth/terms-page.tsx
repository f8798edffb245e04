import { Box, Container, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { COUNTRIES, LANGUAGES, isLanguage } from '@lavoura/domain';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n';
import { formatDateOnly } from '../../lib/date-only';
import { SUPPORT_EMAIL } from '../../shell/contact';
import type { TermsCountry } from '../../shell/terms';

/** The day this version of the terms took effect. */
const TERMS_VERSION = '2026-11-20';

const TERMS_COUNTRIES: readonly TermsCountry[] = ['BR', 'PY', 'US'];

/** Sections in order; `country` ones add the paragraph of the chosen country. */
const SECTIONS: readonly { key: string; country?: boolean }[] = [
  { key: 'service' },
  { key: 'agronomy' },
  { key: 'accounts' },
  { key: 'plans', country: true },
  { key: 'data', country: true },
  { key: 'use' },
  { key: 'availability' },
  { key: 'liability' },
  { key: 'changes' },
  { key: 'law', country: true },
  { key: 'contact' },
];

function isTermsCountry(value: string | null): value is TermsCountry {
  return (TERMS_COUNTRIES as readonly (string | null)[]).includes(value);
}

/**
 * /terms?country=BR&lang=pt: the terms of use, which depend on the country (plans, personal
 * data, governing law) and are written in the three languages. Readable without a session.
 */
export function TermsPage() {
  const uiLanguage = useLanguage();
  const [params, setParams] = useSearchParams();
  const queryCountry = params.get('country');
  const queryLanguage = params.get('lang');
  const country: TermsCountry = isTermsCountry(queryCountry) ? queryCountry : 'BR';
  const language = isLanguage(queryLanguage) ? queryLanguage : uiLanguage;
  const { t: ui } = useTranslation(['terms', 'reference', 'common']);
  // The document is in the language asked for, whatever the interface's language.
  const { t } = useTranslation(['terms', 'reference'], { lng: language });
  const countryKey = COUNTRIES.find((item) => item.acronym === country)?.message_key ?? '';

  const choose = (name: 'country' | 'lang', value: string) => {
    const next = new URLSearchParams(params);
    next.set(name, value);
    setParams(next, { replace: true });
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 5 } }}>
      <Paper
        variant="outlined"
        sx={{ p: { xs: 2.5, sm: 5 } }}
        lang={language}
        data-testid="terms-page"
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'flex-start' }, mb: 3 }}
        >
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
              {t('title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {t('meta', {
                country: t(countryKey, { ns: 'reference' }),
                date: formatDateOnly(TERMS_VERSION, language),
              })}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1.5} sx={{ flexShrink: 0 }}>
            <TextField
              select
              size="small"
              label={ui('country_label')}
              value={country}
              onChange={(event) => choose('country', event.target.value)}
              sx={{ minWidth: 140 }}
            >
              {TERMS_COUNTRIES.map((code) => (
                <MenuItem key={code} value={code}>
                  {ui(COUNTRIES.find((item) => item.acronym === code)?.message_key ?? '', {
                    ns: 'reference',
                  })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={ui('language_label')}
              value={language}
              onChange={(event) => choose('lang', event.target.value)}
              sx={{ minWidth: 130 }}
            >
              {LANGUAGES.map((code) => (
                <MenuItem key={code} value={code} lang={code}>
                  {ui(`language.${code}`, { ns: 'common' })}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </Stack>
        <Typography sx={{ mb: 3 }}>{t('intro')}</Typography>
        {SECTIONS.map(({ key, country: byCountry }, index) => (
          <Box component="section" key={key} sx={{ mb: 3 }} aria-labelledby={`terms-${key}`}>
            <Typography id={`terms-${key}`} variant="h6" component="h2" sx={{ mb: 1 }}>
              {`${index + 1}. ${t(`section.${key}.title`)}`}
            </Typography>
            <Typography sx={{ mb: byCountry ? 1 : 0 }}>
              {t(`section.${key}.body`, { email: SUPPORT_EMAIL })}
            </Typography>
            {byCountry && (
              <Typography data-testid={`terms-${key}-${country}`}>
                {t(`country.${country}.${key}`, { email: SUPPORT_EMAIL })}
              </Typography>
            )}
          </Box>
        ))}
      </Paper>
    </Container>
  );
}
