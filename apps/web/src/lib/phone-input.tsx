import { MenuItem, Stack, TextField } from '@mui/material';
import { PHONE_COUNTRIES, toE164, type PhoneCountry } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';

const DIAL_CODES: Record<PhoneCountry, string> = { BR: '+55', US: '+1', PY: '+595' };

/** The country of a stored E.164 phone, by its calling code (the three markets only). */
export function phoneCountryOf(e164: string | undefined, fallback: PhoneCountry): PhoneCountry {
  if (!e164) return fallback;
  if (e164.startsWith('+595')) return 'PY';
  if (e164.startsWith('+55')) return 'BR';
  if (e164.startsWith('+1')) return 'US';
  return fallback;
}

/** What the user sees of a stored phone: the number without the country's calling code. */
export function nationalPart(e164: string | undefined, country: PhoneCountry): string {
  if (!e164) return '';
  const code = DIAL_CODES[country];
  return e164.startsWith(code) ? e164.slice(code.length) : e164;
}

export interface PhoneValue {
  country: PhoneCountry;
  number: string;
}

/** A form's PhoneValue as the contracts take it: E.164, or undefined when nothing was typed. */
export const phoneValueSchema = z.pipe(
  z.object({ country: z.enum(PHONE_COUNTRIES), number: z.string() }),
  z.transform((value, context) => {
    const typed = value.number.trim();
    if (!typed) return undefined;
    const e164 = toE164(typed, value.country);
    if (e164) return e164;
    context.issues.push({ code: 'custom', message: 'field.phone', input: value });
    return z.NEVER;
  }),
);

/**
 * A phone of Brazil, the USA or Paraguay: the country, then the number as people type it. The
 * form turns it into E.164 with toE164 from @lavoura/domain.
 */
export function PhoneInput({
  value,
  onChange,
  error,
  helperText,
  label,
}: {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  error?: boolean;
  helperText?: string;
  label: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <TextField
        select
        label={t('phone.country')}
        value={value.country}
        onChange={(event) => onChange({ ...value, country: event.target.value as PhoneCountry })}
        sx={{ width: 130, flexShrink: 0 }}
      >
        {PHONE_COUNTRIES.map((country) => (
          <MenuItem key={country} value={country}>
            {`${t(`phone.country_${country}`)} ${DIAL_CODES[country]}`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={label}
        type="tel"
        autoComplete="tel-national"
        value={value.number}
        onChange={(event) => onChange({ ...value, number: event.target.value })}
        error={error}
        helperText={helperText ?? t('phone.help')}
        fullWidth
      />
    </Stack>
  );
}
