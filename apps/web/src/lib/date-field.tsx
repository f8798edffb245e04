import { useState, type ChangeEvent, type FocusEvent } from 'react';
import { TextField, type TextFieldProps } from '@mui/material';
import { formatDateInput, maskDateInput, parseDateInput } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from './i18n';

export type DateFieldProps = Omit<
  TextFieldProps,
  'type' | 'value' | 'defaultValue' | 'onChange' | 'select' | 'children' | 'placeholder'
> & {
  /** The day (YYYY-MM-DD), with `withTime` the moment (YYYY-MM-DDTHH:mm); '' for none. */
  value: string;
  /** The typed day or moment once it is whole and real; '' while it is not (as a native input). */
  onChange: (value: string) => void;
  /** A day and a time on the 24-hour clock. */
  withTime?: boolean;
};

// The example the error shows: a day anyone reads in any order (20 is no month).
const EXAMPLE = { date: '2026-11-20', time: '2026-11-20T06:30' };

/**
 * The product's one date input: a day (or a day and a time) typed in the app's language, never the
 * browser's: dd/mm/aaaa in Portuguese and Spanish, mm/dd/yyyy in English. Digits get their
 * separators as they are typed; a stored value (2026-11-20) pasted as is is read too. A text that
 * is not a whole, real day says so once the user leaves the field, and the message goes as soon as
 * they type again.
 */
export function DateField({
  value,
  onChange,
  withTime = false,
  error,
  helperText,
  onBlur,
  slotProps,
  ...props
}: DateFieldProps) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const [shown, setShown] = useState(() => ({ text: formatDateInput(value, language), language }));
  const [left, setLeft] = useState(false);

  // The value changed from outside (a reset, a default) or the language did: show it anew. A text
  // still being typed stands for '' and stays.
  const typed = parseDateInput(shown.text, shown.language, withTime) ?? '';
  if (shown.language !== language || typed !== value) {
    const text = value === '' && typed === '' ? shown.text : formatDateInput(value, language);
    if (text !== shown.text || language !== shown.language) setShown({ text, language });
  }

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const text = maskDateInput(event.target.value, language, withTime);
    setShown({ text, language });
    setLeft(false);
    const next = parseDateInput(text, language, withTime) ?? '';
    if (next !== value) onChange(next);
  };

  const blur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setLeft(true);
    // A pasted stored value is written back the language's way.
    const next = parseDateInput(shown.text, language, withTime);
    if (next !== null) setShown({ text: formatDateInput(next, language), language });
    onBlur?.(event);
  };

  const invalid = (left || Boolean(error)) && shown.text.trim() !== '' && typed === '';
  const example = formatDateInput(withTime ? EXAMPLE.time : EXAMPLE.date, language);
  return (
    <TextField
      {...props}
      value={shown.text}
      onChange={change}
      onBlur={blur}
      placeholder={t(withTime ? 'date_field.placeholder_datetime' : 'date_field.placeholder_date')}
      error={invalid || Boolean(error)}
      helperText={
        invalid
          ? t(withTime ? 'date_field.invalid_datetime' : 'date_field.invalid_date', { example })
          : helperText
      }
      slotProps={{
        ...slotProps,
        inputLabel: { shrink: true, ...(slotProps?.inputLabel as object) },
        htmlInput: {
          inputMode: 'numeric',
          autoComplete: 'off',
          maxLength: withTime ? 16 : 10,
          ...(slotProps?.htmlInput as object),
        },
      }}
    />
  );
}
