import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  formatForInput,
  fromDisplayUnit,
  parseDecimal,
  toDisplayUnit,
  unitOf,
  type ApplicationRecord,
  type ApplicationRecordBody,
  type Language,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { saveApplicationRecord, useApplicationRecord } from '../../api/executions';
import { useLanguage } from '../../lib/i18n';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { QueryDialogBody } from '../../shell/query-dialog-body';

/** Spray volume: L/ha, or US gallons per acre in English. */
function volumeUnits(language: Language) {
  const metric = unitOf('volume', language) === 'L';
  // L/ha → gal/ac: litres to gallons, per hectare to per acre.
  const factor = toDisplayUnit('volume', 1, language) / toDisplayUnit('area', 1, language);
  return {
    unit: metric ? 'L/ha' : 'gal/ac',
    show: (value: number) => (metric ? value : value * factor),
    store: (value: number) => (metric ? value : value / factor),
  };
}

type Typed = Record<string, string>;

function initial(record: ApplicationRecord, language: Language): Typed {
  const volume = volumeUnits(language);
  const number = (value: number | null | undefined, show: (value: number) => number, digits = 1) =>
    value === null || value === undefined ? '' : formatForInput(show(value), language, digits);
  return {
    operator: record.operator ?? '',
    equipment: record.equipment ?? '',
    volume: number(record.spray_volume_l_ha, volume.show),
    nozzle: record.nozzle ?? '',
    start: record.start_time ?? '',
    end: record.end_time ?? '',
    wind: number(record.weather?.wind_kmh, (v) => toDisplayUnit('speed', v, language)),
    temperature: number(record.weather?.temperature_c, (v) =>
      toDisplayUnit('temperature', v, language),
    ),
    humidity: number(record.weather?.humidity_pct, (v) => v, 0),
    ...Object.fromEntries(
      record.products.map((product) => [`batch-${product.pesticide_id}`, product.batch ?? '']),
    ),
  };
}

/** What the form sends: typed weather only when a reading was changed by hand. */
function bodyOf(
  record: ApplicationRecord,
  typed: Typed,
  start: Typed,
  language: Language,
): { body: ApplicationRecordBody; invalid: string[] } {
  const invalid: string[] = [];
  const number = (key: string, store: (value: number) => number) => {
    if (typed[key]!.trim() === '') return null;
    const value = parseDecimal(typed[key]!, language);
    if (value === undefined) {
      invalid.push(key);
      return null;
    }
    return Math.round(store(value) * 100) / 100;
  };
  const text = (key: string) => typed[key]!.trim() || null;
  const volume = number('volume', volumeUnits(language).store);
  if (volume !== null && volume <= 0) invalid.push('volume');
  const weatherChanged = ['wind', 'temperature', 'humidity'].some(
    (key) => typed[key] !== start[key],
  );
  const weather = weatherChanged
    ? {
        wind_kmh: number('wind', (v) => fromDisplayUnit('speed', v, language)),
        temperature_c: number('temperature', (v) => fromDisplayUnit('temperature', v, language)),
        humidity_pct: number('humidity', (v) => v),
        source: 'typed' as const,
      }
    : undefined;
  if (weather?.humidity_pct !== null && weather?.humidity_pct !== undefined)
    if (weather.humidity_pct < 0 || weather.humidity_pct > 100) invalid.push('humidity');
  if (typed.start && typed.end && typed.end < typed.start) invalid.push('end');
  return {
    invalid,
    body: {
      operator: text('operator'),
      equipment: text('equipment'),
      spray_volume_l_ha: volume,
      nozzle: text('nozzle'),
      start_time: typed.start || null,
      end_time: typed.end || null,
      ...(weather
        ? {
            weather:
              weather.wind_kmh === null &&
              weather.temperature_c === null &&
              weather.humidity_pct === null
                ? null
                : weather,
          }
        : {}),
      batches: record.products.flatMap((product) => {
        const batch = typed[`batch-${product.pesticide_id}`]!.trim();
        return batch ? [{ pesticide_id: product.pesticide_id, batch }] : [];
      }),
    },
  };
}

function RecordForm({
  programId,
  record,
  canEdit,
  onClose,
}: {
  programId: number;
  record: ApplicationRecord;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('execution');
  const language = useLanguage();
  const [start] = useState(() => initial(record, language));
  const [typed, setTyped] = useState<Typed>(start);
  const [invalid, setInvalid] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const field = (key: string, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={typed[key] ?? ''}
      onChange={(event) => setTyped((old) => ({ ...old, [key]: event.target.value }))}
      disabled={!canEdit || saving}
      error={invalid.includes(key)}
      helperText={invalid.includes(key) ? t('record.invalid') : undefined}
      size="small"
      fullWidth
      inputProps={{ 'data-testid': `record-${key}` }}
      {...extra}
    />
  );
  const submit = async () => {
    const { body, invalid: wrong } = bodyOf(record, typed, start, language);
    setInvalid(wrong);
    if (wrong.length) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveApplicationRecord(programId, record.aplicacao, body);
      onClose();
    } catch (error) {
      setFailure(error);
    } finally {
      setSaving(false);
    }
  };
  const speed = unitOf('speed', language);
  const degrees = unitOf('temperature', language);
  return (
    <>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" color="text.secondary">
            {t('record.intro')}
          </Typography>
          {field('operator', t('record.operator'))}
          {field('equipment', t('record.equipment'))}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {field('volume', `${t('record.volume')} (${volumeUnits(language).unit})`, {
              inputProps: { inputMode: 'decimal', 'data-testid': 'record-volume' },
            })}
            {field('nozzle', t('record.nozzle'))}
          </Stack>
          <Stack direction="row" spacing={2}>
            {field('start', t('record.start'), {
              type: 'time',
              slotProps: { inputLabel: { shrink: true } },
            })}
            {field('end', t('record.end'), {
              type: 'time',
              slotProps: { inputLabel: { shrink: true } },
            })}
          </Stack>
          <Box>
            <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
              {t('record.weather')}
            </Typography>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mb: 1.5 }}
              data-testid="record-weather-source"
            >
              {record.weather
                ? t(`record.weather_${record.weather.source}`)
                : t('record.weather_empty')}
            </Typography>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              {field('wind', `${t('record.wind')} (${speed})`, {
                inputProps: { inputMode: 'decimal', 'data-testid': 'record-wind' },
              })}
              {field('temperature', `${t('record.temperature')} (${degrees})`, {
                inputProps: { inputMode: 'decimal', 'data-testid': 'record-temperature' },
              })}
              {field('humidity', `${t('record.humidity')} (%)`, {
                inputProps: { inputMode: 'decimal', 'data-testid': 'record-humidity' },
              })}
            </Stack>
          </Box>
          {record.products.length > 0 && (
            <Box>
              <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
                {t('record.batches')}
              </Typography>
              <Stack spacing={1.5}>
                {record.products.map((product) =>
                  field(
                    `batch-${product.pesticide_id}`,
                    t('record.batch', { product: product.name }),
                  ),
                )}
              </Stack>
            </Box>
          )}
          {failure !== null && <ApiErrorAlert error={failure} />}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving} data-testid="record-skip">
          {canEdit ? t('record.later') : t('close')}
        </Button>
        {canEdit && (
          <Button
            variant="contained"
            onClick={() => void submit()}
            disabled={saving}
            data-testid="record-save"
          >
            {t('record.save')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

/**
 * The application record of an applied spraying (issue 30 item 5): asked for right after
 * "apply", and opened again from the applied spraying. Everything optional; the weather is read
 * from the forecast's hour the spraying started unless typed.
 */
export function ApplicationRecordDialog({
  programId,
  ordinal,
  canEdit,
  onClose,
}: {
  programId: number;
  ordinal: number;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('execution');
  const record = useApplicationRecord(programId, ordinal);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="application-record-title"
      data-testid="application-record-dialog"
    >
      <DialogTitle id="application-record-title">
        {t('record.title', { number: ordinal })}
      </DialogTitle>
      <QueryDialogBody
        query={record}
        loadingLabel={t('record.loading')}
        retryLabel={t('retry')}
        fields={4}
      >
        {(saved) => (
          <RecordForm programId={programId} record={saved} canEdit={canEdit} onClose={onClose} />
        )}
      </QueryDialogBody>
      {record.isError && (
        <DialogActions>
          <Button onClick={onClose}>{t('close')}</Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
