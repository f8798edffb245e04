import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  TextField,
} from '@mui/material';
import {
  formatForInput,
  formatNumber,
  fromDisplayUnit,
  parseDecimal,
  toDisplayUnit,
  unitOf,
  type Language,
  type SprayWindowSettingsBody,
  type SprayWindowThresholdKey,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import {
  useSaveSprayWindowSettings,
  useSprayWindowSettings,
  type SprayWindowSettings,
} from '../../../api/spray-windows';
import { useLanguage } from '../../../lib/i18n';
import { ApiErrorAlert } from '../../../shell/api-error-alert';

type Threshold = SprayWindowSettings['thresholds'][number];

/**
 * A threshold in the language's units: speeds in km/h or mph, temperatures in °C or °F, delta-T
 * as a temperature difference (°F steps are 1.8 times smaller), rain in mm or in, hours as hours.
 */
function unitsOf(key: SprayWindowThresholdKey, language: Language) {
  if (key.endsWith('_kmh'))
    return {
      unit: unitOf('speed', language),
      show: (value: number) => toDisplayUnit('speed', value, language),
      store: (value: number) => fromDisplayUnit('speed', value, language),
    };
  if (key.startsWith('delta_t')) {
    const factor = unitOf('temperature', language) === '°C' ? 1 : 1.8;
    return {
      unit: unitOf('temperature', language),
      show: (value: number) => value * factor,
      store: (value: number) => value / factor,
    };
  }
  if (key.startsWith('temperature'))
    return {
      unit: unitOf('temperature', language),
      show: (value: number) => toDisplayUnit('temperature', value, language),
      store: (value: number) => fromDisplayUnit('temperature', value, language),
    };
  if (key === 'rain_min_mm')
    return {
      unit: unitOf('precipitation', language),
      show: (value: number) => toDisplayUnit('precipitation', value, language),
      store: (value: number) => fromDisplayUnit('precipitation', value, language),
    };
  return { unit: 'h', show: (value: number) => value, store: (value: number) => value };
}

/** The typed values back to metric; a value equal to the default goes back to it (null). */
function bodyOf(
  thresholds: readonly Threshold[],
  typed: Record<string, string>,
  language: Language,
): { body: SprayWindowSettingsBody; invalid: string[] } {
  const body: SprayWindowSettingsBody = {};
  const invalid: string[] = [];
  for (const threshold of thresholds) {
    const text = typed[threshold.key];
    if (text === undefined) continue;
    const units = unitsOf(threshold.key, language);
    const shown = parseDecimal(text, language);
    if (shown === undefined) {
      invalid.push(threshold.key);
      continue;
    }
    const value = Math.round(units.store(shown) * 100) / 100;
    if (value < threshold.min || value > threshold.max) invalid.push(threshold.key);
    else body[threshold.key] = Math.abs(value - threshold.default) < 0.005 ? null : value;
  }
  return { body, invalid };
}

/**
 * The account's spray-window thresholds (issue 30 item 1): each with its default and where it
 * comes from; those who may change executions change them, the others read them.
 */
export function SprayWindowSettingsDialog({
  open,
  onClose,
  canEdit,
}: {
  open: boolean;
  onClose: () => void;
  canEdit: boolean;
}) {
  const { t } = useTranslation('execution');
  const language = useLanguage();
  const settings = useSprayWindowSettings(open);
  const save = useSaveSprayWindowSettings();
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [invalid, setInvalid] = useState<string[]>([]);
  const thresholds = settings.data?.thresholds ?? [];
  const close = () => {
    setTyped({});
    setInvalid([]);
    save.reset();
    onClose();
  };
  const submit = () => {
    const { body, invalid: wrong } = bodyOf(thresholds, typed, language);
    setInvalid(wrong);
    if (wrong.length) return;
    // Nothing changed: nothing to send.
    if (Object.keys(body).length === 0) return close();
    save.mutate(body, { onSuccess: close });
  };
  const reset = () => {
    const body = Object.fromEntries(thresholds.map((row) => [row.key, null]));
    save.mutate(body, { onSuccess: close });
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="spray-window-settings-title"
      data-testid="spray-window-settings"
    >
      <DialogTitle id="spray-window-settings-title">{t('windows.settings.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('windows.settings.intro')}
        </Alert>
        {settings.isError ? (
          <ApiErrorAlert
            error={settings.error}
            onRetry={() => void settings.refetch()}
            retryLabel={t('retry')}
          />
        ) : !settings.data ? (
          <Stack spacing={1} role="status" aria-label={t('windows.settings.loading')}>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} height={56} />
            ))}
          </Stack>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {thresholds.map((threshold) => {
              const units = unitsOf(threshold.key, language);
              const decimals = threshold.key === 'rain_min_mm' && units.unit !== 'mm' ? 3 : 1;
              const value =
                typed[threshold.key] ??
                formatForInput(units.show(threshold.value), language, decimals);
              const source =
                threshold.source === 'assumption'
                  ? t('windows.settings.assumption')
                  : t('windows.settings.source', {
                      source: t(`windows.sources.${threshold.source}`),
                    });
              return (
                <TextField
                  key={threshold.key}
                  label={`${t(`windows.settings.keys.${threshold.key}`)} (${units.unit})`}
                  value={value}
                  onChange={(event) =>
                    setTyped((old) => ({ ...old, [threshold.key]: event.target.value }))
                  }
                  disabled={!canEdit || save.isPending}
                  error={invalid.includes(threshold.key)}
                  helperText={
                    invalid.includes(threshold.key)
                      ? t('windows.settings.out_of_bounds', {
                          min: formatNumber(units.show(threshold.min), language, decimals),
                          max: formatNumber(units.show(threshold.max), language, decimals),
                        })
                      : `${t('windows.settings.default', {
                          value: formatNumber(units.show(threshold.default), language, decimals),
                        })} · ${source}`
                  }
                  inputProps={{ inputMode: 'decimal', 'data-testid': `setting-${threshold.key}` }}
                  size="small"
                />
              );
            })}
          </Stack>
        )}
        {save.isError && (
          <Box sx={{ mt: 2 }} data-testid="spray-window-settings-error">
            <ApiErrorAlert error={save.error} />
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {canEdit && (
          <Button onClick={reset} disabled={save.isPending || !settings.data} sx={{ mr: 'auto' }}>
            {t('windows.settings.reset')}
          </Button>
        )}
        <Button onClick={close}>{canEdit ? t('cancel') : t('close')}</Button>
        {canEdit && (
          <Button
            variant="contained"
            onClick={submit}
            disabled={save.isPending || !settings.data}
            data-testid="spray-window-settings-save"
          >
            {t('windows.settings.save')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
