import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import {
  COUNTRY_IDS,
  DEFAULT_WHITE_MOLD_SPRAYS,
  DISEASES,
  SEVERITY_LEVELS,
  maxSprays,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../lib/i18n';
import { DateField } from '../../../lib/date-field';
import { fieldErrorText, refusalFieldErrors, type FieldErrors } from '../../../lib/field-errors';
import {
  createProgram,
  updateProgram,
  type Program,
  type ProgramBody,
} from '../../../api/programs';
import { ApiErrorAlert } from '../../../shell/api-error-alert';

/** At most one main and two secondary diseases (spec 2 §5; issue 13 item 5). */
const MAX_SECONDARY_DISEASES = 2;

/**
 * A program's settings, for a new program of a farm variety or to change one: name, main disease,
 * up to two secondary ones (a third is refused here, before anything is sent), severity, white
 * mold, rational use, expected emergence and cycle. With `sowingId` it is a sowing's program
 * (execution): computed on the sowing's emergence and cycle, so those two are not asked.
 */
export function ProgramSettingsDialog({
  farmVarietyId,
  sowingId,
  cropId,
  varietyName,
  program,
  onClose,
  onSaved,
}: {
  /** The farm variety a plan is for (planning). */
  farmVarietyId?: number | undefined;
  /** The sowing the program is attached to (execution), instead of a farm variety. */
  sowingId?: number | undefined;
  cropId: number;
  varietyName: string;
  /** The program to change; none: a new one. */
  program?: Program;
  onClose: () => void;
  onSaved: (program: Program) => void;
}) {
  const { t } = useTranslation(['programs', 'reference']);
  const language = useLanguage();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const diseases = DISEASES.filter((disease) => disease.crop_id === cropId);
  // The crop's most sprays where it has the most (Brazil, Paraguay); the engine caps at the
  // country's own limit (5 in the USA).
  const mostSprays = maxSprays(cropId, COUNTRY_IDS.brazil);
  const [name, setName] = useState(program?.nome ?? '');
  const [mainId, setMainId] = useState(
    program?.doenca_principal_id ? String(program.doenca_principal_id) : '',
  );
  const [secondary, setSecondary] = useState<number[]>(program?.doencas_secundarias_ids ?? []);
  const [tooMany, setTooMany] = useState(false);
  const [severity, setSeverity] = useState(program?.severidade ? String(program.severidade) : '');
  const [whiteMold, setWhiteMold] = useState(program?.mofo_branco ?? false);
  const [whiteMoldCount, setWhiteMoldCount] = useState(
    String(program?.white_mold_total_sprayings ?? DEFAULT_WHITE_MOLD_SPRAYS),
  );
  const [sprayCount, setSprayCount] = useState(
    program?.total_aplicacoes_sugeridas ? String(program.total_aplicacoes_sugeridas) : '',
  );
  const [rational, setRational] = useState(program?.racional ?? false);
  const [emergence, setEmergence] = useState(program?.data_prevista ?? '');
  const [cycle, setCycle] = useState(program?.ciclo_dias ? String(program.ciclo_dias) : '');
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  // The fields the API's last refusal named, each until it is edited.
  const [refused, setRefused] = useState<FieldErrors>({});
  const refusedText = (field: string) =>
    refused[field] ? fieldErrorText(t, refused[field], language) : undefined;
  const edited = (field: string) =>
    setRefused((old) => (old[field] ? { ...old, [field]: undefined } : old));

  const cycleNumber = cycle.trim() === '' ? null : Number(cycle);
  const cycleInvalid =
    cycleNumber !== null &&
    (!Number.isInteger(cycleNumber) || cycleNumber <= 0 || cycleNumber > 365);
  const nameMissing = name.trim() === '';
  const mainMissing = mainId === '';

  const toggleSecondary = (id: number, on: boolean) => {
    if (!on) {
      setSecondary((old) => old.filter((value) => value !== id));
      setTooMany(false);
      return;
    }
    if (secondary.length >= MAX_SECONDARY_DISEASES) {
      setTooMany(true);
      return;
    }
    setSecondary((old) => [...old, id]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (nameMissing || mainMissing || cycleInvalid) return;
    const main = Number(mainId);
    const settings = {
      nome: name.trim(),
      doenca_principal_id: main,
      doencas_secundarias_ids: secondary.filter((id) => id !== main),
      severidade: severity ? Number(severity) : null,
      mofo_branco: whiteMold,
      white_mold_total_sprayings: whiteMold ? Number(whiteMoldCount) : null,
      total_aplicacoes_sugeridas: sprayCount ? Number(sprayCount) : null,
      racional: rational,
    };
    const body: ProgramBody =
      sowingId !== undefined
        ? { semeadura_id: sowingId, ...settings }
        : {
            cultivar_id: farmVarietyId,
            ...settings,
            data_prevista: emergence || null,
            ciclo_dias: cycleNumber,
          };
    setSending(true);
    setFailure(null);
    setRefused({});
    try {
      onSaved(program ? await updateProgram(program.id, body) : await createProgram(body));
    } catch (error) {
      // A refusal naming its fields is told under them; any other in the alert.
      const fields = refusalFieldErrors(error);
      setRefused(fields);
      setFailure(Object.keys(fields).length > 0 ? null : error);
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby="program-settings-title"
      data-testid="program-settings-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="program-settings-title">
          {program ? t('settings.edit_title') : t('settings.new_title', { variety: varietyName })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure !== null && (
              <Box data-testid="program-settings-error">
                <ApiErrorAlert error={failure} />
              </Box>
            )}
            <TextField
              required
              autoFocus
              label={t('settings.name')}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                edited('nome');
              }}
              error={(checked && nameMissing) || refused.nome !== undefined}
              helperText={checked && nameMissing ? t('errors:field.required') : refusedText('nome')}
              slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'program-name' } }}
            />
            <TextField
              select
              required
              label={t('settings.main_disease')}
              value={mainId}
              onChange={(event) => {
                const next = Number(event.target.value);
                setMainId(event.target.value);
                setSecondary((old) => old.filter((id) => id !== next));
                setTooMany(false);
              }}
              error={(checked && mainMissing) || refused.doenca_principal_id !== undefined}
              helperText={
                checked && mainMissing
                  ? t('errors:field.required')
                  : refusedText('doenca_principal_id')
              }
              data-testid="program-main-disease"
            >
              {diseases.map((disease) => (
                <MenuItem key={disease.id} value={String(disease.id)}>
                  {t(disease.message_key, { ns: 'reference' })}
                </MenuItem>
              ))}
            </TextField>
            <FormControl component="fieldset" error={tooMany}>
              <FormLabel component="legend">{t('settings.secondary_diseases')}</FormLabel>
              <FormHelperText sx={{ mx: 0 }} data-testid="program-secondary-help">
                {tooMany
                  ? t('settings.secondary_too_many', { count: MAX_SECONDARY_DISEASES })
                  : t('settings.secondary_help', { count: MAX_SECONDARY_DISEASES })}
              </FormHelperText>
              <FormGroup
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                  columnGap: 1,
                }}
                data-testid="program-secondary-diseases"
              >
                {diseases
                  .filter((disease) => String(disease.id) !== mainId)
                  .map((disease) => (
                    <FormControlLabel
                      key={disease.id}
                      control={
                        <Checkbox
                          checked={secondary.includes(disease.id)}
                          onChange={(event) => toggleSecondary(disease.id, event.target.checked)}
                        />
                      }
                      label={t(disease.message_key, { ns: 'reference' })}
                    />
                  ))}
              </FormGroup>
            </FormControl>
            <TextField
              select
              label={t('settings.severity')}
              value={severity}
              onChange={(event) => setSeverity(event.target.value)}
              data-testid="program-severity"
            >
              <MenuItem value="">
                <em>{t('not_informed')}</em>
              </MenuItem>
              {SEVERITY_LEVELS.map((level) => (
                <MenuItem key={level.id} value={String(level.id)}>
                  {t(level.message_key, { ns: 'reference' })}
                </MenuItem>
              ))}
            </TextField>
            {sowingId === undefined && (
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <DateField
                  label={t('settings.expected_emergence')}
                  value={emergence}
                  onChange={(value) => {
                    setEmergence(value);
                    edited('data_prevista');
                  }}
                  error={refused.data_prevista !== undefined}
                  helperText={refusedText('data_prevista')}
                  slotProps={{ htmlInput: { 'data-testid': 'program-emergence' } }}
                  sx={{ flex: 1 }}
                />
                <TextField
                  label={t('settings.cycle')}
                  value={cycle}
                  onChange={(event) => {
                    setCycle(event.target.value);
                    edited('ciclo_dias');
                  }}
                  error={(checked && cycleInvalid) || refused.ciclo_dias !== undefined}
                  helperText={
                    checked && cycleInvalid
                      ? t('settings.cycle_invalid')
                      : refusedText('ciclo_dias')
                  }
                  slotProps={{
                    htmlInput: { inputMode: 'numeric', 'data-testid': 'program-cycle' },
                  }}
                  sx={{ flex: 1 }}
                />
              </Stack>
            )}
            <TextField
              select
              label={t('settings.spray_count')}
              value={sprayCount}
              onChange={(event) => setSprayCount(event.target.value)}
              helperText={t('settings.spray_count_help')}
              // "As many as the risk needs" is the empty value: shown, not a blank field.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              data-testid="program-spray-count"
            >
              <MenuItem value="">
                {t('settings.spray_count_engine', { count: mostSprays })}
              </MenuItem>
              {Array.from({ length: mostSprays }, (_, index) => (
                <MenuItem key={index + 1} value={String(index + 1)}>
                  {index + 1}
                </MenuItem>
              ))}
            </TextField>
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={whiteMold}
                    onChange={(event) => setWhiteMold(event.target.checked)}
                    slotProps={{ input: { 'data-testid': 'program-white-mold' } as object }}
                  />
                }
                label={t('settings.white_mold')}
              />
              {whiteMold && (
                <TextField
                  select
                  size="small"
                  label={t('settings.white_mold_count')}
                  value={whiteMoldCount}
                  onChange={(event) => setWhiteMoldCount(event.target.value)}
                  data-testid="program-white-mold-count"
                  sx={{ minWidth: 200, my: 1, display: 'flex' }}
                >
                  {[1, 2, 3].map((count) => (
                    <MenuItem key={count} value={String(count)}>
                      {count}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <FormControlLabel
                control={
                  <Switch
                    checked={rational}
                    onChange={(event) => setRational(event.target.checked)}
                    slotProps={{ input: { 'data-testid': 'program-rational' } as object }}
                  />
                }
                label={t('settings.rational')}
              />
            </Box>
            {checked && (nameMissing || mainMissing) && (
              <Alert severity="warning">{t('settings.fix')}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={sending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={sending}
            data-testid="program-settings-save"
          >
            {program ? t('settings.save') : t('settings.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
