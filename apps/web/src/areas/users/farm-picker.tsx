import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Chip,
  Link,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import { ERROR_KEYS } from '@lavoura/domain';
import { useController, type FieldValues } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Farm, useFarms } from '../../api/farms';
import type { Bound } from '../../lib/form-fields';
import { useLanguage } from '../../lib/i18n';
import { fieldErrorText } from '../../lib/field-errors';

type FarmsQuery = ReturnType<typeof useFarms>;

/**
 * The farm ids a membership is saved with: none for an administrator profile (it sees every farm
 * of the account), else the chosen farms that still exist (a farm deleted since the member's farms
 * were read is dropped rather than refused). While the farm list is unknown, the ids as they are.
 */
export function farmIdsToSave(
  ids: readonly number[],
  allFarms: boolean,
  farms: readonly Farm[] | undefined,
): number[] {
  if (allFarms) return [];
  return farms ? ids.filter((id) => farms.some((farm) => farm.id === id)) : [...ids];
}

/**
 * Which farms a user may see. Administrator profiles (`allFarms`) see every farm of the account,
 * so they get a line saying so; the other profiles (or while no profile is chosen) get a
 * multi-select of the account's farms, disabled farms marked. An empty choice is allowed (the
 * user then sees no farm), as the API allows it.
 */
export function FormFarmsField<T extends FieldValues, O>({
  allFarms,
  farms,
  label,
  ...bound
}: Bound<T, O, number[] | undefined> & { allFarms: boolean; farms: FarmsQuery; label: string }) {
  const { t } = useTranslation(['users', 'errors']);
  const language = useLanguage();
  const { field, fieldState } = useController(bound);
  const errorKey = fieldState.error?.message;
  const message = errorKey
    ? errorKey === ERROR_KEYS.farmNotFound
      ? `${t(errorKey, { ns: 'errors' })} ${t('farms.not_found_hint')}`
      : fieldErrorText(t, errorKey, language)
    : undefined;

  if (allFarms) {
    return (
      <Alert severity="info" variant="outlined" data-testid="farm-picker-all">
        {t('farms.all')}
      </Alert>
    );
  }
  if (farms.isError) {
    return (
      <Alert
        severity="error"
        data-testid="farm-picker-error"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => void farms.refetch()}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('retry')}
          </Button>
        }
      >
        {t('farms.load_failed')}
        {/* A refusal of the farms sent while the list could not be read still shows. */}
        {message && <Box sx={{ mt: 0.5 }}>{message}</Box>}
      </Alert>
    );
  }
  if (!farms.isSuccess) {
    return (
      <Box data-testid="farm-picker-loading" aria-busy="true">
        <Typography variant="body2" color="text.secondary">
          {t('farms.loading')}
        </Typography>
        <Skeleton variant="rounded" height={56} sx={{ mt: 0.5 }} />
      </Box>
    );
  }
  if (farms.data.length === 0) {
    return (
      <Alert severity="info" variant="outlined" data-testid="farm-picker-empty">
        <Trans
          t={t}
          i18nKey="farms.empty"
          // Not <link>: i18next reads it as an empty HTML element.
          components={{ farms: <Link component={RouterLink} to="/farms" /> }}
        />
      </Alert>
    );
  }

  const ids = (field.value as number[] | undefined) ?? [];
  const chosen = farms.data.filter((farm) => ids.includes(farm.id));
  const nameOf = (farm: Farm) =>
    farm.enabled ? farm.nome : t('farms.disabled_named', { name: farm.nome });

  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={farms.data}
      value={chosen}
      onChange={(_event, picked) => field.onChange(picked.map((farm) => farm.id))}
      onBlur={field.onBlur}
      getOptionLabel={(farm) => farm.nome}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      noOptionsText={t('farms.no_match')}
      openText={t('farms.open_list')}
      closeText={t('farms.close_list')}
      clearText={t('farms.clear')}
      fullWidth
      // In the dialog, not beside it: the list stays inside the dialog's landmark.
      slotProps={{ popper: { disablePortal: true } }}
      renderOption={(props, farm, { selected }) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {/* An icon, not a checkbox: the option itself is what is chosen (aria-selected). */}
            {selected ? (
              <CheckBoxIcon color="primary" fontSize="small" sx={{ mr: 1.5 }} />
            ) : (
              <CheckBoxOutlineBlankIcon
                fontSize="small"
                sx={{ mr: 1.5, color: 'text.secondary' }}
              />
            )}
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography component="span" sx={{ display: 'block' }}>
                {farm.nome}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary">
                {farm.municipio.nome}, {farm.estado.nome}
              </Typography>
            </Box>
            {!farm.enabled && (
              <Chip size="small" variant="outlined" label={t('farms.disabled')} sx={{ ml: 1 }} />
            )}
          </li>
        );
      }}
      renderValue={(value, getItemProps) =>
        value.map((farm, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              {...itemProps}
              size="small"
              label={nameOf(farm)}
              variant={farm.enabled ? 'filled' : 'outlined'}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          error={!!message}
          helperText={
            message ?? (chosen.length === 0 ? t('farms.help_none') : t('farms.help_some'))
          }
        />
      )}
      data-testid="farm-picker"
    />
  );
}

// The users list names this many farms of a member, then says how many more.
const SHOWN = 3;

/** The farms column of the users list: names, "all farms" for administrators, or none. */
export function MemberFarms({
  allFarms,
  farmIds,
  farms,
}: {
  allFarms: boolean;
  farmIds: readonly number[];
  farms: FarmsQuery;
}) {
  const { t } = useTranslation('users');
  if (allFarms) return <>{t('farms.all_short')}</>;
  if (farmIds.length === 0) {
    return (
      <Typography component="span" variant="inherit" color="text.secondary">
        {t('farms.none')}
      </Typography>
    );
  }
  if (farms.isPending) return <Skeleton width={120} data-testid="member-farms-loading" />;
  if (farms.isError) return <>{t('farms.count', { count: farmIds.length })}</>;
  // A farm deleted since it was assigned is no longer shown.
  const names = farms.data
    .filter((farm) => farmIds.includes(farm.id))
    .map((farm) => (farm.enabled ? farm.nome : t('farms.disabled_named', { name: farm.nome })));
  if (names.length === 0) {
    return (
      <Typography component="span" variant="inherit" color="text.secondary">
        {t('farms.none')}
      </Typography>
    );
  }
  return names.length > SHOWN ? (
    <Box component="span" title={names.join(', ')}>
      {t('farms.and_more', {
        names: names.slice(0, SHOWN).join(', '),
        count: names.length - SHOWN,
      })}
    </Box>
  ) : (
    <>{names.join(', ')}</>
  );
}
