import { Autocomplete, CircularProgress, TextField, createFilterOptions } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { CityAnswer } from '../../api/farms';
import { useBoundField, type Bound } from '../../lib/form-fields';

// A state has up to ~850 cities: the list shows the first matches of what is typed.
const filterCities = createFilterOptions<CityAnswer>({ limit: 100, trim: true });

/**
 * The city of a farm: a searchable list (a state has hundreds), bound to a form field holding the
 * city's id ('' while none is chosen).
 */
export function FormCityField<T extends FieldValues, O>({
  cities,
  loading,
  disabled,
  label,
  helperText,
  onPicked,
  ...bound
}: Bound<T, O, number | ''> & {
  cities: readonly CityAnswer[];
  loading: boolean;
  disabled: boolean;
  label: string;
  helperText?: string;
  /** After the user picks (or clears) a city. */
  onPicked?: () => void;
}) {
  const { t } = useTranslation('farms');
  const { field, message } = useBoundField(bound);
  const value = cities.find((city) => city.id === field.value) ?? null;
  return (
    <Autocomplete
      options={cities}
      value={value}
      onChange={(_event, city) => {
        field.onChange(city?.id ?? '');
        onPicked?.();
      }}
      onBlur={field.onBlur}
      getOptionLabel={(city) => city.name}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterOptions={filterCities}
      disabled={disabled}
      loading={loading}
      loadingText={t('dialog.loading')}
      noOptionsText={t('dialog.no_city')}
      openText={t('dialog.open_list')}
      closeText={t('dialog.close_list')}
      clearText={t('dialog.clear')}
      fullWidth
      renderOption={(props, city) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {city.name}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          required
          error={!!message}
          helperText={message ?? helperText}
          slotProps={{
            // What to do first stays readable while the field waits for it.
            formHelperText: { disabled: false },
            input: {
              ...params.InputProps,
              endAdornment: (
                <>
                  {loading && <CircularProgress color="inherit" size={18} />}
                  {params.InputProps.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
      data-testid="farm-city"
    />
  );
}
