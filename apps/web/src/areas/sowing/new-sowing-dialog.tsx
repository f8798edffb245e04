import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  cropsOfCountry,
  fromDisplayUnit,
  resolveCrop,
  resolveSeason,
  seasonsOf,
  unitOf,
  unitSystemOf,
  type Quantity,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { usePlots, type Farm } from '../../api/farms';
import { useCrops, useSeasonCrops } from '../../api/reference';
import { createSowing, type SowingBody } from '../../api/sowings';
import { useFarmVarieties } from '../../api/varieties';
import { useLanguage } from '../../app/i18n';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { formatQuantity, parseTyped, roundStored } from './sowing-format';

type NumberField =
  | 'area'
  | 'estimated_cycle'
  | 'germinative_power'
  | 'seed_vigor'
  | 'line_spacing'
  | 'population_lines'
  | 'operating_speed';

/** The quantity each number is typed in (null: the same in every language). */
const QUANTITY_OF: Record<NumberField, Quantity | null> = {
  area: 'area',
  estimated_cycle: null,
  germinative_power: null,
  seed_vigor: null,
  line_spacing: 'shortLength',
  population_lines: 'plantsPerLength',
  operating_speed: 'speed',
};

const NUMBER_FIELDS = Object.keys(QUANTITY_OF) as NumberField[];

/** "New sowing": plot, the farm's variety of the current season, dates and seeding parameters. */
export function NewSowingDialog({
  farm,
  onClose,
  onCreated,
}: {
  farm: Farm;
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation(['sowings', 'reference']);
  const language = useLanguage();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const crops = useCrops();
  const seasonCrops = useSeasonCrops();
  const plots = usePlots(farm.id);
  const [cropId, setCropId] = useState<number | null>(null);
  const [plotId, setPlotId] = useState('');
  const [varietyId, setVarietyId] = useState('');
  const [sowingDate, setSowingDate] = useState('');
  const [emergenceDate, setEmergenceDate] = useState('');
  const [numbers, setNumbers] = useState<Record<NumberField, string>>(
    () =>
      Object.fromEntries(NUMBER_FIELDS.map((field) => [field, ''])) as Record<NumberField, string>,
  );
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const countryId = farm.pais.id;
  const offered = cropsOfCountry(crops.data ?? [], seasonCrops.data ?? [], countryId);
  const crop = resolveCrop(offered, seasonCrops.data ?? [], countryId, cropId);
  const seasons = crop ? seasonsOf(seasonCrops.data ?? [], crop.id, countryId) : [];
  const season = resolveSeason(seasons, null);
  const varieties = useFarmVarieties(farm.id, season?.id ?? null);
  const sowablePlots = (plots.data ?? []).filter((row) => row.enabled && row.enabled_sowing);
  const plot = sowablePlots.find((row) => String(row.id) === plotId) ?? null;

  const parsed = Object.fromEntries(
    NUMBER_FIELDS.map((field) => [field, parseTyped(numbers[field], language)]),
  ) as Record<NumberField, number | null>;
  const invalid = (field: NumberField) => Number.isNaN(parsed[field]);
  const plotMissing = plot === null;
  const varietyMissing = varietyId === '';
  const areaMissing = parsed.area === null || (parsed.area !== null && parsed.area <= 0);
  const emergenceBeforeSowing =
    sowingDate !== '' && emergenceDate !== '' && emergenceDate < sowingDate;
  const hasErrors =
    plotMissing ||
    varietyMissing ||
    areaMissing ||
    emergenceBeforeSowing ||
    NUMBER_FIELDS.some(invalid);

  const unitLabel = (field: NumberField) => {
    const quantity = QUANTITY_OF[field];
    if (field === 'germinative_power' || field === 'seed_vigor') return '%';
    if (field === 'estimated_cycle') return t('form.days');
    // "plants/m" is a word, not a symbol: it reads in the language.
    if (quantity === 'plantsPerLength') return t(`form.plants_per_${unitSystemOf(language)}`);
    return quantity ? unitOf(quantity, language) : '';
  };

  const toCanonical = (field: NumberField): number | null => {
    const value = parsed[field];
    if (value === null || Number.isNaN(value)) return null;
    const quantity = QUANTITY_OF[field];
    return quantity ? roundStored(fromDisplayUnit(quantity, value, language)) : value;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (hasErrors || !plot) return;
    const body: SowingBody = {
      fazenda_id: farm.id,
      talhao_id: plot.id,
      cultivar_id: Number(varietyId),
      area: toCanonical('area')!,
      data_semeadura: sowingDate || null,
      data_emergencia: emergenceDate || null,
      estimated_cycle: toCanonical('estimated_cycle'),
      germinative_power: toCanonical('germinative_power'),
      seed_vigor: toCanonical('seed_vigor'),
      line_spacing: toCanonical('line_spacing'),
      population_lines: toCanonical('population_lines'),
      operating_speed: toCanonical('operating_speed'),
    };
    setSending(true);
    setFailure(null);
    try {
      await createSowing(body);
      onCreated();
    } catch (error) {
      setFailure(error);
      setSending(false);
    }
  };

  const numberField = (field: NumberField, extra: { required?: boolean; helper?: string } = {}) => {
    const showMissing = field === 'area' && checked && areaMissing && !invalid(field);
    const error = (checked && invalid(field)) || showMissing;
    return (
      <TextField
        required={extra.required}
        label={`${t(`form.${field}`)} (${unitLabel(field)})`}
        value={numbers[field]}
        onChange={(event) => setNumbers((old) => ({ ...old, [field]: event.target.value }))}
        error={error}
        helperText={
          checked && invalid(field)
            ? t('form.invalid_number')
            : showMissing
              ? t('form.required')
              : extra.helper
        }
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `sowing-${field}` } }}
        sx={{ flex: '1 1 180px' }}
      />
    );
  };

  const loadingReference = !crops.data || !seasonCrops.data || !plots.data;
  const referenceError = crops.error ?? seasonCrops.error ?? plots.error;

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="sowing-new-title"
      data-testid="sowing-new-dialog"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="sowing-new-title">{t('form.title')}</DialogTitle>
      <DialogContent>
        {failure !== null && (
          <Box sx={{ mb: 2 }} data-testid="sowing-new-error">
            <ApiErrorAlert error={failure} />
          </Box>
        )}
        {referenceError && loadingReference && (
          <Box sx={{ mb: 2 }}>
            <ApiErrorAlert error={referenceError} />
          </Box>
        )}
        <Alert severity="info" sx={{ mb: 2 }} data-testid="sowing-emergence-advice">
          {t('form.advice')}
        </Alert>
        <Stack spacing={2}>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {offered.length > 1 && crop && (
              <TextField
                select
                label={t('form.crop')}
                value={crop.id}
                onChange={(event) => {
                  setCropId(Number(event.target.value));
                  setVarietyId('');
                }}
                sx={{ flex: '1 1 180px' }}
                data-testid="sowing-crop"
              >
                {offered.map((option) => (
                  <MenuItem key={option.id} value={option.id}>
                    {t(option.message_key, { ns: 'reference' })}
                  </MenuItem>
                ))}
              </TextField>
            )}
            {season && (
              <TextField
                label={t('form.season')}
                value={season.season_name}
                slotProps={{ input: { readOnly: true } }}
                sx={{ flex: '1 1 140px' }}
                data-testid="sowing-season"
              />
            )}
          </Stack>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            <TextField
              select
              required
              label={t('form.plot')}
              value={plotId}
              onChange={(event) => setPlotId(event.target.value)}
              error={checked && plotMissing}
              helperText={
                checked && plotMissing
                  ? t('form.required')
                  : plot
                    ? t('form.remaining', {
                        area: formatQuantity('area', plot.remaining_area, language),
                      })
                    : plots.data && sowablePlots.length === 0
                      ? t('form.no_plots')
                      : undefined
              }
              sx={{ flex: '1 1 220px' }}
              data-testid="sowing-plot"
            >
              {sowablePlots.map((option) => (
                <MenuItem key={option.id} value={String(option.id)}>
                  {option.nome}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              required
              label={t('form.variety')}
              value={varietyId}
              onChange={(event) => setVarietyId(event.target.value)}
              error={checked && varietyMissing}
              helperText={
                checked && varietyMissing
                  ? t('form.required')
                  : varieties.data && varieties.data.length === 0
                    ? t('form.no_varieties')
                    : undefined
              }
              sx={{ flex: '1 1 220px' }}
              data-testid="sowing-variety"
            >
              {(varieties.data ?? []).map((option) => (
                <MenuItem key={option.id} value={String(option.id)}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {numberField('area', { required: true })}
            <TextField
              type="date"
              label={t('form.sowing_date')}
              value={sowingDate}
              onChange={(event) => setSowingDate(event.target.value)}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'sowing-date' },
              }}
              sx={{ flex: '1 1 180px' }}
            />
            <TextField
              type="date"
              label={t('form.emergence_date')}
              value={emergenceDate}
              onChange={(event) => setEmergenceDate(event.target.value)}
              error={checked && emergenceBeforeSowing}
              helperText={checked && emergenceBeforeSowing ? t('form.emergence_before') : undefined}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'sowing-emergence' },
              }}
              sx={{ flex: '1 1 180px' }}
            />
          </Stack>
          <Typography variant="subtitle2" component="h3">
            {t('form.parameters')}
          </Typography>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {numberField('estimated_cycle')}
            {numberField('germinative_power')}
            {numberField('seed_vigor')}
          </Stack>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {numberField('line_spacing')}
            {numberField('population_lines')}
            {numberField('operating_speed')}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={sending} data-testid="sowing-save">
          {t('form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
