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
import AddIcon from '@mui/icons-material/Add';
import {
  cropsOfCountry,
  ERROR_KEYS,
  formatForInput,
  fromDisplayUnit,
  remainingArea,
  resolveCrop,
  resolveSeason,
  seasonsOf,
  sowingBodySchema,
  sowingDatesProblem,
  toDisplayUnit,
  unitOf,
  unitSystemOf,
  type Language,
  type Plot,
  type Quantity,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../lib/date-field';
import { usePlots, type Farm } from '../../api/farms';
import { useCrops, useSeasonCrops } from '../../api/reference';
import {
  createSowing,
  sowingDateLock,
  updateSowing,
  useSeedClasses,
  useSeederSystems,
  type Sowing,
  type SowingBody,
} from '../../api/sowings';
import { useFarmVarieties } from '../../api/varieties';
import { useLanguage } from '../../lib/i18n';
import { useSignedIn } from '../../app/session/signed-in';
import {
  fieldErrorText,
  refusalFieldErrors,
  schemaFieldErrors,
  type FieldErrors,
} from '../../lib/field-errors';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { AddVarietyDialog } from '../shared/varieties/add-variety-dialog';
import { formatQuantity, parseTyped, roundStored } from '../shared/sowing-format';
import { SowingEmergenceSuggestion } from './sowing-emergence-suggestion';

type NumberField =
  | 'area'
  | 'quantidade'
  | 'estimated_cycle'
  | 'germinative_power'
  | 'seed_vigor'
  | 'line_spacing'
  | 'population_lines'
  | 'operating_speed';

type TextFieldName = 'origem' | 'seed_treatment' | 'inoculant';

/** Refusals of the API about one field of the form, placed under it. */
const REFUSAL_FIELDS: Readonly<Record<string, string>> = {
  [ERROR_KEYS.sowingAreaExceedsRemaining]: 'area',
  [ERROR_KEYS.sowingEmergenceBeforeSowing]: 'data_emergencia',
  [ERROR_KEYS.sowingEmergenceOutsideSeason]: 'data_emergencia',
  [ERROR_KEYS.sowingDateLocked]: 'data_semeadura',
  [ERROR_KEYS.varietyNotAdded]: 'cultivar_id',
};

/** The quantity each number is typed in (null: the same in every language). */
const QUANTITY_OF: Record<NumberField, Quantity | null> = {
  area: 'area',
  quantidade: 'mass',
  estimated_cycle: null,
  germinative_power: null,
  seed_vigor: null,
  line_spacing: 'shortLength',
  population_lines: 'plantsPerLength',
  operating_speed: 'speed',
};

const NUMBER_FIELDS = Object.keys(QUANTITY_OF) as NumberField[];
const TEXT_FIELDS: readonly TextFieldName[] = ['origem', 'seed_treatment', 'inoculant'];

/** A stored (metric) number as the form shows it in the language's unit and decimal mark. */
function shownNumber(field: NumberField, value: number | null | undefined, language: Language) {
  if (value === null || value === undefined) return '';
  const quantity = QUANTITY_OF[field];
  const shown = quantity ? toDisplayUnit(quantity, value, language) : value;
  return formatForInput(shown, language, 2);
}

/**
 * "New sowing" and "Edit sowing": plot, the farm's variety, dates and every seeding parameter.
 * With `sowing` the form is filled with it and saved with PUT; its sowing date is locked once it
 * has a harvest or applied sprays, and a sowing of another season only shows (no save).
 */
export function SowingDialog({
  farm,
  sowing = null,
  plotName,
  onClose,
  onSaved,
}: {
  farm: Farm;
  sowing?: Sowing | null;
  /** The edited sowing's plot, for the title. */
  plotName?: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['sowings', 'reference', 'errors']);
  const { can } = useSignedIn();
  const language = useLanguage();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const crops = useCrops();
  const seasonCrops = useSeasonCrops();
  const plots = usePlots(farm.id);
  const seedClasses = useSeedClasses();
  const seederSystems = useSeederSystems();
  const editing = sowing !== null;
  const readOnly = sowing?.active === false;
  const dateLock = sowing ? sowingDateLock(sowing) : null;

  const [cropId, setCropId] = useState<number | null>(sowing?.crop_id ?? null);
  const [plotId, setPlotId] = useState(sowing ? String(sowing.talhao_id) : '');
  const [varietyId, setVarietyId] = useState(
    sowing?.cultivar_id != null ? String(sowing.cultivar_id) : '',
  );
  const [sowingDate, setSowingDate] = useState(sowing?.data_semeadura ?? '');
  const [emergenceDate, setEmergenceDate] = useState(sowing?.data_emergencia ?? '');
  const [seedClassId, setSeedClassId] = useState(
    sowing?.seed_class_id != null ? String(sowing.seed_class_id) : '',
  );
  const [seederSystemId, setSeederSystemId] = useState(
    sowing?.seeder_system_id != null ? String(sowing.seeder_system_id) : '',
  );
  // What the form first showed: an untouched number goes back exactly as it came.
  const [initial] = useState<Record<NumberField, string>>(
    () =>
      Object.fromEntries(
        NUMBER_FIELDS.map((field) => [field, shownNumber(field, sowing?.[field], language)]),
      ) as Record<NumberField, string>,
  );
  const [numbers, setNumbers] = useState<Record<NumberField, string>>(initial);
  const [texts, setTexts] = useState<Record<TextFieldName, string>>(
    () =>
      Object.fromEntries(TEXT_FIELDS.map((field) => [field, sowing?.[field] ?? ''])) as Record<
        TextFieldName,
        string
      >,
  );
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // The fields the last refusal named, each until it is edited.
  const [refused, setRefused] = useState<FieldErrors>({});
  // The area the form put in from the plot's remaining area, replaced while left as it was.
  const [prefilledArea, setPrefilledArea] = useState<string | null>(null);
  const [addingVariety, setAddingVariety] = useState(false);

  const countryId = farm.pais.id;
  const offered = cropsOfCountry(crops.data ?? [], seasonCrops.data ?? [], countryId);
  const crop = resolveCrop(offered, seasonCrops.data ?? [], countryId, cropId);
  const seasons = crop ? seasonsOf(seasonCrops.data ?? [], crop.id, countryId) : [];
  const season = sowing
    ? ((seasonCrops.data ?? []).find((row) => row.id === sowing.season_crop_id) ?? null)
    : resolveSeason(seasons, null);
  const varieties = useFarmVarieties(farm.id, sowing?.season_crop_id ?? season?.id ?? null);
  const sowablePlots = (plots.data ?? []).filter(
    (row) => (row.enabled && row.enabled_sowing) || row.id === sowing?.talhao_id,
  );
  const plot = sowablePlots.find((row) => String(row.id) === plotId) ?? null;
  const seasonCropId = sowing?.season_crop_id ?? season?.id ?? null;
  /**
   * What the plot leaves free in the season-crop sown, by the API's own rule (`remainingArea`):
   * another crop's sowings do not count, harvested ones of this season-crop do; the edited
   * sowing's own area is given back (a negative entry).
   */
  const remainingOf = (row: Plot): number => {
    if (seasonCropId === null) return row.remaining_area;
    const own =
      sowing && row.id === sowing.talhao_id
        ? [{ season_crop_id: sowing.season_crop_id, area: -sowing.area }]
        : [];
    return remainingArea(row.area, [...row.sown_areas, ...own], seasonCropId);
  };
  const remaining = plot ? remainingOf(plot) : null;

  const parsed = Object.fromEntries(
    NUMBER_FIELDS.map((field) => [field, parseTyped(numbers[field], language)]),
  ) as Record<NumberField, number | null>;

  const unitLabel = (field: NumberField) => {
    const quantity = QUANTITY_OF[field];
    if (field === 'germinative_power' || field === 'seed_vigor') return '%';
    if (field === 'estimated_cycle') return t('form.days');
    // "plants/m" is a word, not a symbol: it reads in the language.
    if (quantity === 'plantsPerLength') return t(`form.plants_per_${unitSystemOf(language)}`);
    return quantity ? unitOf(quantity, language) : '';
  };

  /** The stored value of a number; text that is no number stays NaN for the schema to refuse. */
  const toCanonical = (field: NumberField): number | null => {
    if (sowing && numbers[field] === initial[field]) return sowing[field] ?? null;
    const value = parsed[field];
    if (value === null || Number.isNaN(value)) return value;
    const quantity = QUANTITY_OF[field];
    return quantity ? roundStored(fromDisplayUnit(quantity, value, language)) : value;
  };

  const text = (field: TextFieldName) => texts[field].trim() || null;

  // The payload as typed (a missing plot or variety is null): the API's own schema checks it.
  const body = {
    fazenda_id: farm.id,
    talhao_id: plot?.id ?? null,
    cultivar_id: varietyId ? Number(varietyId) : null,
    area: toCanonical('area'),
    data_semeadura: sowingDate || null,
    data_emergencia: emergenceDate || null,
    quantidade: toCanonical('quantidade'),
    origem: text('origem'),
    seeder_system_id: seederSystemId ? Number(seederSystemId) : null,
    seed_class_id: seedClassId ? Number(seedClassId) : null,
    estimated_cycle: toCanonical('estimated_cycle'),
    germinative_power: toCanonical('germinative_power'),
    seed_vigor: toCanonical('seed_vigor'),
    line_spacing: toCanonical('line_spacing'),
    population_lines: toCanonical('population_lines'),
    operating_speed: toCanonical('operating_speed'),
    seed_treatment: text('seed_treatment'),
    inoculant: text('inoculant'),
  };
  const checkedErrors: FieldErrors = checked ? schemaFieldErrors(sowingBodySchema, body) : {};
  if (checked && sowingDatesProblem(body))
    checkedErrors.data_emergencia ??= 'form.emergence_before';
  /** A field's message key (namespace errors, or sowings for the form's own), if it has one. */
  const errorOf = (field: string): string | undefined => refused[field] ?? checkedErrors[field];
  /** A message in the user's words; a limit is stated only where the field shows the rule's unit. */
  const message = (key: string, field?: string) =>
    key.startsWith('form.')
      ? t(key, { ns: 'sowings' })
      : fieldErrorText(t, key, language, !field || !QUANTITY_OF[field as NumberField]);
  const edited = (field: string) =>
    setRefused((old) => (old[field] ? { ...old, [field]: undefined } : old));

  const choosePlot = (id: string) => {
    setPlotId(id);
    edited('talhao_id');
    if (editing) return;
    // A new sowing starts with what is left of the plot, unless an area was typed.
    const chosen = sowablePlots.find((row) => String(row.id) === id);
    if (!chosen || (numbers.area !== '' && numbers.area !== prefilledArea)) return;
    const free = remainingOf(chosen);
    const area = free > 0 ? shownNumber('area', free, language) : '';
    setNumbers((old) => ({ ...old, area }));
    setPrefilledArea(area);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (readOnly) return;
    setChecked(true);
    setRefused({});
    if (
      Object.keys(schemaFieldErrors(sowingBodySchema, body)).length > 0 ||
      sowingDatesProblem(body)
    )
      return;
    setSending(true);
    setFailure(null);
    try {
      const valid = body as SowingBody;
      if (sowing) await updateSowing(sowing.id, valid);
      else await createSowing(valid);
      onSaved();
    } catch (error) {
      // A refusal that names its fields is told under them; any other in the alert.
      const fields = refusalFieldErrors(error, REFUSAL_FIELDS);
      setRefused(fields);
      setFailure(Object.keys(fields).length > 0 ? null : error);
      setSending(false);
    }
  };

  const numberField = (field: NumberField, extra: { required?: boolean; helper?: string } = {}) => {
    const error = errorOf(field);
    return (
      <TextField
        required={extra.required}
        disabled={readOnly}
        label={`${t(`form.${field}`)} (${unitLabel(field)})`}
        value={numbers[field]}
        onChange={(event) => {
          setNumbers((old) => ({ ...old, [field]: event.target.value }));
          edited(field);
        }}
        error={error !== undefined}
        helperText={error ? message(error, field) : extra.helper}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': `sowing-${field}` } }}
        sx={{ flex: '1 1 180px' }}
      />
    );
  };

  const textField = (field: TextFieldName, helper?: string) => (
    <TextField
      disabled={readOnly}
      label={t(`form.${field}`)}
      value={texts[field]}
      onChange={(event) => {
        setTexts((old) => ({ ...old, [field]: event.target.value }));
        edited(field);
      }}
      error={errorOf(field) !== undefined}
      helperText={errorOf(field) ? message(errorOf(field)!) : helper}
      slotProps={{ htmlInput: { maxLength: 200, 'data-testid': `sowing-${field}` } }}
      sx={{ flex: '1 1 220px' }}
    />
  );

  const enumeratedField = (
    field: 'seed_class' | 'seeder_system',
    value: string,
    onChange: (value: string) => void,
    options: readonly { id: number; message_key: string }[],
  ) => (
    <TextField
      select
      disabled={readOnly}
      label={t(`form.${field}`)}
      value={options.length ? value : ''}
      onChange={(event) => {
        onChange(event.target.value);
        edited(`${field}_id`);
      }}
      error={errorOf(`${field}_id`) !== undefined}
      helperText={errorOf(`${field}_id`) ? message(errorOf(`${field}_id`)!) : undefined}
      sx={{ flex: '1 1 220px' }}
      data-testid={`sowing-${field}`}
    >
      <MenuItem value="">
        <em>{t('not_informed')}</em>
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option.id} value={String(option.id)}>
          {t(option.message_key, { ns: 'reference' })}
        </MenuItem>
      ))}
    </TextField>
  );

  // A variety of the season's crop is added here, without leaving the form (the farm's list).
  const canAddVariety = !readOnly && !editing && can('CULTIVAR_CADASTRAR') && crop && season;

  const loadingReference = !crops.data || !seasonCrops.data || !plots.data;
  const referenceError = crops.error ?? seasonCrops.error ?? plots.error;
  const title = !sowing
    ? t('form.title')
    : t(readOnly ? 'form.title_view' : 'form.title_edit', { plot: plotName ?? plot?.nome ?? '' });

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="md"
      fullWidth
      fullScreen={fullScreen}
      aria-labelledby="sowing-dialog-title"
      data-testid={editing ? 'sowing-edit-dialog' : 'sowing-new-dialog'}
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="sowing-dialog-title">{title}</DialogTitle>
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
        {readOnly ? (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="sowing-read-only">
            {t('form.read_only', { season: season?.season_name ?? '' })}
          </Alert>
        ) : (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="sowing-emergence-advice">
            {t('form.advice')}
          </Alert>
        )}
        <Stack spacing={2}>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {!editing && offered.length > 1 && crop && (
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
            {editing && crop && (
              <TextField
                label={t('form.crop')}
                value={t(crop.message_key, { ns: 'reference' })}
                disabled={readOnly}
                slotProps={{ input: { readOnly: true } }}
                sx={{ flex: '1 1 180px' }}
                data-testid="sowing-crop"
              />
            )}
            {season && (
              <TextField
                label={t('form.season')}
                value={season.season_name}
                disabled={readOnly}
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
              disabled={readOnly}
              label={t('form.plot')}
              value={plots.data ? plotId : ''}
              onChange={(event) => choosePlot(event.target.value)}
              error={errorOf('talhao_id') !== undefined}
              helperText={
                errorOf('talhao_id')
                  ? message(errorOf('talhao_id')!)
                  : plot && remaining !== null && !readOnly
                    ? t('form.remaining', {
                        area: formatQuantity('area', remaining, language),
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
              disabled={readOnly}
              label={t('form.variety')}
              value={varieties.data ? varietyId : ''}
              onChange={(event) => {
                setVarietyId(event.target.value);
                edited('cultivar_id');
              }}
              error={errorOf('cultivar_id') !== undefined}
              helperText={
                errorOf('cultivar_id')
                  ? message(errorOf('cultivar_id')!)
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
          {canAddVariety && (
            <Box sx={{ mt: '8px !important' }}>
              <Button
                size="small"
                startIcon={<AddIcon />}
                onClick={() => setAddingVariety(true)}
                data-testid="sowing-add-variety"
              >
                {t('form.add_variety')}
              </Button>
            </Box>
          )}
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {numberField('area', { required: true })}
            <DateField
              label={t('form.sowing_date')}
              value={sowingDate}
              disabled={readOnly || dateLock !== null}
              onChange={(value) => {
                setSowingDate(value);
                edited('data_semeadura');
              }}
              error={errorOf('data_semeadura') !== undefined}
              helperText={
                errorOf('data_semeadura')
                  ? message(errorOf('data_semeadura')!)
                  : dateLock && !readOnly
                    ? t(`form.date_locked_${dateLock}`)
                    : undefined
              }
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'sowing-date' },
                formHelperText: { 'data-testid': 'sowing-date-locked' } as object,
              }}
              sx={{ flex: '1 1 180px' }}
            />
            <DateField
              label={t('form.emergence_date')}
              value={emergenceDate}
              disabled={readOnly}
              onChange={(value) => {
                setEmergenceDate(value);
                edited('data_emergencia');
              }}
              error={errorOf('data_emergencia') !== undefined}
              helperText={
                errorOf('data_emergencia') ? message(errorOf('data_emergencia')!) : undefined
              }
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'sowing-emergence' },
              }}
              sx={{ flex: '1 1 180px' }}
            />
          </Stack>
          {!readOnly && (
            <SowingEmergenceSuggestion
              cultivarId={varietyId ? Number(varietyId) : null}
              sowingDate={sowingDate}
              emergenceDate={emergenceDate}
              onUse={setEmergenceDate}
            />
          )}
          <Typography variant="subtitle2" component="h3">
            {t('form.seed')}
          </Typography>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {enumeratedField('seed_class', seedClassId, setSeedClassId, seedClasses.data ?? [])}
            {numberField('quantidade')}
            {textField('origem', readOnly ? undefined : t('form.origem_hint'))}
          </Stack>
          <Typography variant="subtitle2" component="h3">
            {t('form.parameters')}
          </Typography>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {enumeratedField(
              'seeder_system',
              seederSystemId,
              setSeederSystemId,
              seederSystems.data ?? [],
            )}
            {numberField('estimated_cycle')}
          </Stack>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {numberField('germinative_power')}
            {numberField('seed_vigor')}
            {numberField('line_spacing')}
          </Stack>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {numberField('population_lines')}
            {numberField('operating_speed')}
          </Stack>
          <Typography variant="subtitle2" component="h3">
            {t('form.treatment')}
          </Typography>
          <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
            {textField('seed_treatment')}
            {textField('inoculant')}
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} data-testid="sowing-cancel">
          {t(readOnly ? 'form.close' : 'form.cancel')}
        </Button>
        {!readOnly && (
          <Button type="submit" variant="contained" disabled={sending} data-testid="sowing-save">
            {t(editing ? 'form.save_edit' : 'form.save')}
          </Button>
        )}
      </DialogActions>
      {addingVariety && crop && season && (
        <AddVarietyDialog
          farm={farm}
          crop={crop}
          season={season}
          onClose={() => setAddingVariety(false)}
          onAdded={(variety) => {
            setVarietyId(String(variety.id));
            edited('cultivar_id');
            setAddingVariety(false);
          }}
        />
      )}
    </Dialog>
  );
}
