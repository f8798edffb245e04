import type { ReactNode } from 'react';
import {
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  TextField,
  type TextFieldProps,
} from '@mui/material';
import { LANGUAGES } from '@lavoura/domain';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PhoneInput, type PhoneValue } from './phone-input';
import { useBoundField, type Bound } from './form-fields';

// The fields of lib/form-fields.tsx that the sign-in page has none of: a select (with its menu and
// popover), a checkbox and a phone. Apart, they stay out of the login page's download.

export interface SelectOption {
  value: string | number;
  label: string;
  lang?: string;
}

/** The interface languages, each named in the user's language. */
export function useLanguageOptions(): SelectOption[] {
  const { t } = useTranslation('common');
  return LANGUAGES.map((code) => ({ value: code, label: t(`language.${code}`), lang: code }));
}

/** A select of `options`; a value they do not hold (a list still loading) shows as empty. */
export function FormSelectField<T extends FieldValues, O>({
  control,
  name,
  options,
  error,
  helperText,
  ...props
}: Bound<T, O, string | number> &
  Omit<
    TextFieldProps,
    'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'select' | 'children'
  > & {
    options: readonly SelectOption[];
  }) {
  const { field, message } = useBoundField({ control, name });
  const listed = options.some((option) => option.value === field.value);
  return (
    <TextField
      {...props}
      select
      name={field.name}
      value={listed ? field.value : ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={!!message || error}
      helperText={message ?? helperText}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} lang={option.lang}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** A checkbox (terms of use): its label may hold links, its error shows under it. */
export function FormCheckboxField<T extends FieldValues, O>({
  label,
  ...bound
}: Bound<T, O, boolean> & { label: ReactNode }) {
  const { field, message } = useBoundField(bound);
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            name={field.name}
            checked={field.value}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        }
        label={label}
      />
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}

export function FormPhoneField<T extends FieldValues, O>({
  label,
  ...bound
}: Bound<T, O, PhoneValue> & { label: string }) {
  const { field, message } = useBoundField(bound);
  return (
    <PhoneInput
      label={label}
      value={field.value}
      onChange={field.onChange}
      error={!!message}
      helperText={message}
    />
  );
}
