import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  InputAdornment,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  COUNTRY_IDS,
  ERROR_KEYS,
  currencySymbol,
  unitSystemOf,
  type CountryId,
} from '@lavoura/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import {
  createFarm,
  farmKeys,
  fetchFarm,
  updateFarm,
  useCities,
  useStates,
  type Farm,
} from '../../api/farms';
import { useCountries } from '../../api/reference';
import { useLanguage } from '../../lib/i18n';
import { apiFieldErrors, fieldErrorText } from '../../lib/field-errors';
import { FormSelectField } from '../../lib/form-choice-fields';
import { FormTextField, useSchemaForm } from '../../lib/form-fields';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { FormCityField } from './city-field';
import {
  PRICE_FIELDS,
  currencyOf,
  farmFormBody,
  farmFormDefaults,
  farmFormSchema,
  formFieldOf,
  type FarmFormValues,
} from './farm-form';

/** State and city are named as each country names them (a US city is its county). */
const PLACE_LABELS: Record<CountryId, { state: string; city: string }> = {
  [COUNTRY_IDS.brazil]: { state: 'field.state', city: 'field.city' },
  [COUNTRY_IDS.paraguay]: { state: 'field.department', city: 'field.district' },
  [COUNTRY_IDS.usa]: { state: 'field.state', city: 'field.county' },
};

interface FarmDialogProps {
  /** null: a new farm. */
  farm: Farm | null;
  /** The account's country: a new farm's first guess. */
  accountCountryId: number;
  onClose: () => void;
  onSaved: (farm: Farm, created: boolean) => void;
}

/**
 * Add or edit a farm: name, country → state → city (changing one clears what depends on it),
 * optional coordinates and a bag price per crop in the country's currency. An edit sends the
 * `updated_at` it read; if someone changed the farm meanwhile (409) the dialog says so and offers
 * to reload it.
 */
export function FarmDialog({ farm: initial, accountCountryId, onClose, onSaved }: FarmDialogProps) {
  const { t } = useTranslation(['farms', 'reference', 'errors']);
  const language = useLanguage();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const [farm, setFarm] = useState<Farm | null>(initial);
  const [failure, setFailure] = useState<unknown>(null);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const schema = useMemo(() => farmFormSchema(language), [language]);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    getFieldState,
    subscribe,
    reset,
    formState: { isSubmitting, errors },
  } = useSchemaForm(schema, farmFormDefaults(farm, language, accountCountryId));

  const countryId = useWatch({ control, name: 'pais' });
  const stateId = useWatch({ control, name: 'estado' });
  const countries = useCountries();
  const states = useStates(countryId === '' ? null : countryId);
  const cities = useCities(stateId === '' ? null : stateId);
  const labels = PLACE_LABELS[(countryId || COUNTRY_IDS.brazil) as CountryId] ?? PLACE_LABELS[1];
  const currency = currencyOf(countryId);
  const imperial = unitSystemOf(language) === 'imperial';

  // What depends on a choice goes with it: a new country clears the state and the city, a new
  // state the city. Coordinates the user did not type follow the city (the server takes the
  // city's when none are sent). Edits name their field; a reset (reload) names none.
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name }) => {
          const dependents: Partial<Record<string, (keyof FarmFormValues)[]>> = {
            pais: ['estado'],
            estado: ['municipio'],
          };
          for (const dependent of dependents[name ?? ''] ?? []) {
            if (getValues(dependent) !== '') setValue(dependent, '', { shouldDirty: true });
          }
          if (name === 'municipio') {
            for (const coordinate of ['latitude', 'longitude'] as const) {
              if (!getFieldState(coordinate).isDirty && getValues(coordinate) !== '')
                setValue(coordinate, '');
            }
          }
        },
      }),
    [subscribe, getValues, setValue, getFieldState],
  );

  const reload = async () => {
    if (!farm) return;
    setReloading(true);
    try {
      const current = await queryClient.fetchQuery({
        queryKey: farmKeys.detail(farm.id),
        queryFn: ({ signal }) => fetchFarm(farm.id, signal),
        staleTime: 0,
      });
      setFarm(current);
      reset(farmFormDefaults(current, language, accountCountryId));
      setConflict(false);
      setFailure(null);
      void queryClient.invalidateQueries({ queryKey: farmKeys.list });
    } catch (error) {
      setFailure(error);
    } finally {
      setReloading(false);
    }
  };

  const submit = handleSubmit(
    async (values) => {
      setFailure(null);
      setConflict(false);
      const body = farmFormBody(values, getValues(), farm, language);
      try {
        const saved = farm
          ? await updateFarm(farm.id, { ...body, updated_at: farm.updated_at })
          : await createFarm(body);
        queryClient.setQueryData(farmKeys.detail(saved.id), saved);
        await queryClient.invalidateQueries({ queryKey: farmKeys.list });
        onSaved(saved, farm === null);
      } catch (error) {
        if (error instanceof ApiError && error.key === ERROR_KEYS.conflict) {
          setConflict(true);
          return;
        }
        let placed = false;
        for (const [apiField, key] of Object.entries(apiFieldErrors(error))) {
          const field = formFieldOf(apiField);
          if (!field || !key) continue;
          setError(field === 'bag_price' ? 'root.bag_price' : field, {
            type: 'server',
            message: key,
          });
          placed = true;
        }
        if (!placed) setFailure(error);
      }
    },
    () => setFailure(null),
  );

  const bagPriceError = errors.root?.bag_price?.message;
  const symbol = currency ? currencySymbol(currency, language) : '';

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="farm-dialog-title"
      data-testid="farm-dialog"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="farm-dialog-title">
          {t(farm ? 'dialog.edit_title' : 'dialog.create_title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {conflict && (
              <Alert
                severity="warning"
                data-testid="farm-conflict"
                action={
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => void reload()}
                    disabled={reloading}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t('dialog.reload')}
                  </Button>
                }
              >
                {t('dialog.conflict')}
              </Alert>
            )}
            {failure !== null && <ApiErrorAlert error={failure} />}
            <FormTextField
              control={control}
              name="nome"
              label={t('field.name')}
              required
              fullWidth
              autoFocus
            />

            <Typography variant="subtitle2" component="h3" sx={{ pt: 0.5 }}>
              {t('dialog.location')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormSelectField
                control={control}
                name="pais"
                label={t('field.country')}
                required
                fullWidth
                options={(countries.data ?? []).map((country) => ({
                  value: country.id,
                  label: t(country.message_key, { ns: 'reference' }),
                }))}
                data-testid="farm-country"
              />
              <FormSelectField
                control={control}
                name="estado"
                label={t(labels.state)}
                required
                fullWidth
                disabled={countryId === ''}
                helperText={countryId === '' ? t('dialog.choose_country_first') : undefined}
                options={(states.data ?? []).map((state) => ({
                  value: state.id,
                  label: state.name,
                }))}
                slotProps={{
                  select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } },
                  formHelperText: { disabled: false },
                }}
                data-testid="farm-state"
              />
            </Stack>
            <FormCityField
              control={control}
              name="municipio"
              label={t(labels.city)}
              cities={cities.data ?? []}
              loading={cities.isLoading}
              disabled={stateId === ''}
              helperText={stateId === '' ? t('dialog.choose_state_first') : undefined}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="latitude"
                label={t('field.latitude')}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <FormTextField
                control={control}
                name="longitude"
                label={t('field.longitude')}
                fullWidth
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
            </Stack>
            <FormHelperText sx={{ mt: '4px !important', mx: 1.75 }}>
              {t('dialog.coordinates_help')}
            </FormHelperText>

            <Box>
              <Typography variant="subtitle2" component="h3">
                {t(imperial ? 'dialog.prices_title_imperial' : 'dialog.prices_title_metric')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {currency
                  ? t(imperial ? 'dialog.prices_help_imperial' : 'dialog.prices_help_metric', {
                      currency: t(`currency.${currency}`),
                    })
                  : t('dialog.prices_choose_country')}
              </Typography>
            </Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {PRICE_FIELDS.map(({ code, field }) => (
                <FormTextField
                  key={field}
                  control={control}
                  name={field}
                  label={t(`crop.${code}`, { ns: 'reference' })}
                  required
                  fullWidth
                  slotProps={{
                    htmlInput: { inputMode: 'decimal' },
                    input: {
                      startAdornment: symbol ? (
                        <InputAdornment position="start">{symbol}</InputAdornment>
                      ) : undefined,
                      endAdornment: (
                        <InputAdornment position="end">
                          {t(imperial ? 'unit.per_bushel' : 'unit.per_bag')}
                        </InputAdornment>
                      ),
                    },
                  }}
                />
              ))}
            </Stack>
            {bagPriceError && (
              <FormHelperText error data-testid="farm-prices-error">
                {fieldErrorText(t, bagPriceError, language)}
              </FormHelperText>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting || reloading}>
            {t(farm ? 'dialog.save' : 'dialog.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
