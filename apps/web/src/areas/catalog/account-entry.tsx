import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import {
  CROPS,
  DISEASES,
  DOSE_UNITS,
  LOCALE_RULES,
  accountProductBodySchema,
  accountVarietyBodySchema,
  fromDisplayUnit,
  parseDecimal,
  unitOf,
  type AccountProductBody,
  type AccountVarietyBody,
  type DoseUnit,
} from '@lavoura/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  createAccountProduct,
  createAccountVariety,
  deleteAccountProduct,
  deleteAccountVariety,
} from '../../api/account-catalogue';
import { catalogueKeys } from '../../api/catalogue';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { useLanguage } from '../../lib/i18n';
import { useSignedIn } from '../../app/session/signed-in';
import {
  apiFieldErrors,
  fieldErrorText,
  schemaFieldErrors,
  type FieldErrors,
} from '../../lib/field-errors';
import { ApiErrorAlert } from '../../shell/api-error-alert';

/**
 * The account's own products and varieties (issue 28 item 5): the label every screen gives them
 * ("informed by {name} on {date}"), the two forms that enter them, and the delete of one.
 */

export interface Informed {
  nome: string | null;
  data: string;
}

/** "Informed by Ana on 28/11/2026": an account's own row; nothing for the catalogue's. */
export function InformedChip({ informed }: { informed: Informed | null | undefined }) {
  const { t } = useTranslation('catalog');
  const language = useLanguage();
  if (!informed) return null;
  const date = new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    dateStyle: 'short',
  }).format(new Date(informed.data));
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<PersonOutlineIcon />}
      label={
        informed.nome
          ? t('account.informed_by', { name: informed.nome, date })
          : t('account.informed_by_account', { date })
      }
      data-testid="informed-by"
      sx={{ height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

/** Formulations by their international code (the dose unit follows: L or kg). */
const FORMULATIONS = ['SC', 'EC', 'SE', 'OD', 'SL', 'EW', 'CS', 'ME', 'WG', 'WP', 'WDG', 'DF'];

interface DoseLine {
  doenca_id: number | '';
  dose_min: string;
  dose_max: string;
  unidade: DoseUnit;
}

/** The two "add what the catalogue lacks" buttons, for who may enter products or varieties. */
export function AccountEntryActions({ category }: { category: string }) {
  const { t } = useTranslation('catalog');
  const { can } = useSignedIn();
  const { farm } = useCurrentFarm();
  const [open, setOpen] = useState<'product' | 'variety' | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const variety = category === 'variety';
  if (!farm) return null;
  if (
    variety ? !can('CULTIVAR_CADASTRAR') : category !== 'fungicide' || !can('DEFENSIVO_CADASTRAR')
  )
    return null;
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          onClick={() => setOpen(variety ? 'variety' : 'product')}
          data-testid={variety ? 'account-variety-add' : 'account-product-add'}
        >
          {variety ? t('account.add_variety') : t('account.add_product')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t('account.add_hint')}
        </Typography>
      </Stack>
      {saved && (
        <Alert severity="success" onClose={() => setSaved(null)} data-testid="account-entry-saved">
          {saved}
        </Alert>
      )}
      {open === 'product' && (
        <AccountProductDialog
          countryId={farm.pais.id}
          onClose={() => setOpen(null)}
          onSaved={(name) => {
            setOpen(null);
            setSaved(t('account.saved_product', { name }));
          }}
        />
      )}
      {open === 'variety' && (
        <AccountVarietyDialog
          countryId={farm.pais.id}
          onClose={() => setOpen(null)}
          onSaved={(name) => {
            setOpen(null);
            setSaved(t('account.saved_variety', { name }));
          }}
        />
      )}
    </Stack>
  );
}

function useErrorText() {
  const { t } = useTranslation(['catalog', 'errors']);
  const language = useLanguage();
  return (errors: FieldErrors, field: string) => {
    const message = errors[field];
    return message ? fieldErrorText(t, message, language) : undefined;
  };
}

/**
 * A form of the account's own entries: checks the body with the API's contract, saves it, clears
 * the catalogue and the lists `lists` names, and puts a refusal's fields under the form's.
 */
function useEntryForm<Saved extends { nome: string }>(
  schema: Parameters<typeof schemaFieldErrors>[0],
  create: (body: unknown) => Promise<Saved>,
  lists: (key: readonly unknown[]) => boolean,
  onSaved: (name: string) => void,
) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (body: unknown) => {
    const checked = schemaFieldErrors(schema, body);
    setErrors(checked);
    setFailure(null);
    if (Object.keys(checked).length) return;
    setBusy(true);
    try {
      const saved = await create(body);
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      await queryClient.invalidateQueries({ predicate: (query) => lists(query.queryKey) });
      onSaved(saved.nome);
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return { errors, failure, busy, submit };
}

/** The crop an entry is for: the app's crops (soybean, wheat), by the domain's list. */
function CropField({ value, onChange }: { value: number; onChange: (crop: number) => void }) {
  const { t } = useTranslation(['catalog', 'reference']);
  return (
    <TextField
      select
      fullWidth
      label={t('account.crop')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {CROPS.map((crop) => (
        <MenuItem key={crop.id} value={crop.id}>
          {t(crop.message_key, { ns: 'reference' })}
        </MenuItem>
      ))}
    </TextField>
  );
}

function DialogFrame({
  title,
  testId,
  busy,
  failure,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  testId: string;
  busy: boolean;
  failure: unknown;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('catalog');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={`${testId}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
            {failure !== null && <ApiErrorAlert error={failure} />}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('account.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid={`${testId}-save`}>
            {t('account.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

function AccountProductDialog({
  countryId,
  onClose,
  onSaved,
}: {
  countryId: number;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation(['catalog', 'reference']);
  const language = useLanguage();
  const errorText = useErrorText();
  const area = unitOf('area', language);
  const [name, setName] = useState('');
  const [cropId, setCropId] = useState(1);
  const [formulation, setFormulation] = useState('SC');
  const [actives, setActives] = useState([{ nome: '', concentracao: '' }]);
  const [doses, setDoses] = useState<DoseLine[]>([
    { doenca_id: '', dose_min: '', dose_max: '', unidade: 'L' },
  ]);
  const [interval, setInterval] = useState('');
  const [registration, setRegistration] = useState('');
  // The programs' product lists of every farm hold it once saved.
  const {
    errors,
    failure,
    busy,
    submit: save,
  } = useEntryForm(
    accountProductBodySchema,
    (body) => createAccountProduct(body as AccountProductBody),
    (key) => key.includes('defensives'),
    onSaved,
  );
  const diseases = DISEASES.filter((disease) => disease.crop_id === cropId);
  // Text that is no number is sent as NaN, so the contract names the field.
  const number = (value: string) =>
    value.trim() === '' ? null : (parseDecimal(value, language) ?? Number.NaN);
  // A dose is typed per hectare, or per acre in English: sent per hectare.
  const perHa = (value: string) => {
    const typed = number(value);
    return typed === null || Number.isNaN(typed)
      ? typed
      : fromDisplayUnit('perArea', typed, language);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      nome: name,
      crop_id: cropId,
      country_id: countryId,
      formulacao: formulation,
      ativos: actives
        .filter((active) => active.nome.trim() !== '')
        .map((active) => ({
          nome: active.nome,
          concentracao: number(active.concentracao),
          unidade: active.concentracao.trim()
            ? formulation.match(/^W|^D|^G/)
              ? 'g/kg'
              : 'g/L'
            : null,
        })),
      doses: doses
        .filter((dose) => dose.doenca_id !== '' || dose.dose_min.trim() || dose.dose_max.trim())
        .map((dose) => ({
          doenca_id: dose.doenca_id,
          dose_min: perHa(dose.dose_min),
          dose_max: perHa(dose.dose_max || dose.dose_min),
          unidade: dose.unidade,
        })),
      intervalo_seguranca_dias: number(interval),
      registro: registration.trim() || null,
    };
    await save(body);
  };

  return (
    <DialogFrame
      title={t('account.product_title')}
      testId="account-product-dialog"
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label={t('account.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        error={Boolean(errors.nome)}
        helperText={errorText(errors, 'nome')}
        slotProps={{ htmlInput: { 'data-testid': 'account-product-name', translate: 'no' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <CropField
          value={cropId}
          onChange={(crop) => {
            setCropId(crop);
            // The doses were for the other crop's diseases.
            setDoses([{ doenca_id: '', dose_min: '', dose_max: '', unidade: 'L' }]);
          }}
        />
        <TextField
          select
          fullWidth
          label={t('account.formulation')}
          value={formulation}
          onChange={(event) => setFormulation(event.target.value)}
          error={Boolean(errors.formulacao)}
          helperText={errorText(errors, 'formulacao')}
          slotProps={{
            select: {
              SelectDisplayProps: { 'data-testid': 'account-product-formulation' } as object,
            },
          }}
        >
          {FORMULATIONS.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Typography variant="subtitle2" component="h3">
        {t('account.actives')}
      </Typography>
      {actives.map((active, index) => (
        <Stack key={index} direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            fullWidth
            label={t('account.active', { number: index + 1 })}
            value={active.nome}
            onChange={(event) =>
              setActives(
                actives.map((row, at) =>
                  at === index ? { ...row, nome: event.target.value } : row,
                ),
              )
            }
            error={Boolean(
              errors[`ativos.${index}.nome`] ?? (index === 0 ? errors.ativos : undefined),
            )}
            helperText={
              errorText(errors, `ativos.${index}.nome`) ??
              (index === 0 ? errorText(errors, 'ativos') : undefined)
            }
            slotProps={{
              htmlInput: { 'data-testid': `account-product-active-${index}`, translate: 'no' },
            }}
          />
          <TextField
            fullWidth
            label={t('account.concentration')}
            value={active.concentracao}
            inputMode="decimal"
            onChange={(event) =>
              setActives(
                actives.map((row, at) =>
                  at === index ? { ...row, concentracao: event.target.value } : row,
                ),
              )
            }
            error={Boolean(errors[`ativos.${index}.concentracao`])}
            helperText={errorText(errors, `ativos.${index}.concentracao`)}
          />
        </Stack>
      ))}
      {actives.length < 6 && (
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => setActives([...actives, { nome: '', concentracao: '' }])}
          sx={{ alignSelf: 'flex-start' }}
          data-testid="account-product-add-active"
        >
          {t('account.add_active')}
        </Button>
      )}
      <Typography variant="subtitle2" component="h3">
        {t('account.doses')}
      </Typography>
      {doses.map((dose, index) => {
        const update = (change: Partial<DoseLine>) =>
          setDoses(doses.map((row, at) => (at === index ? { ...row, ...change } : row)));
        const unit = t('account.unit_per_area', { unit: dose.unidade, area });
        return (
          // The disease on a row of its own, its doses and unit below it (whole labels at 1366).
          <Box
            key={index}
            sx={{
              display: 'grid',
              gap: 1,
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 104px 40px' },
            }}
          >
            <TextField
              select
              fullWidth
              sx={{ gridColumn: { sm: '1 / -1' } }}
              label={t('account.disease')}
              value={dose.doenca_id}
              onChange={(event) => update({ doenca_id: Number(event.target.value) })}
              error={Boolean(errors[`doses.${index}.doenca_id`])}
              helperText={errorText(errors, `doses.${index}.doenca_id`)}
              slotProps={{
                select: {
                  SelectDisplayProps: {
                    'data-testid': `account-product-dose-disease-${index}`,
                  } as object,
                },
              }}
            >
              {diseases.map((disease) => (
                <MenuItem key={disease.id} value={disease.id}>
                  {t(disease.message_key, { ns: 'reference' })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('account.dose_min', { unit })}
              value={dose.dose_min}
              inputMode="decimal"
              onChange={(event) => update({ dose_min: event.target.value })}
              error={Boolean(errors[`doses.${index}.dose_min`])}
              helperText={errorText(errors, `doses.${index}.dose_min`)}
              slotProps={{ htmlInput: { 'data-testid': `account-product-dose-min-${index}` } }}
            />
            <TextField
              label={t('account.dose_max', { unit })}
              value={dose.dose_max}
              inputMode="decimal"
              onChange={(event) => update({ dose_max: event.target.value })}
              error={Boolean(errors[`doses.${index}.dose_max`])}
              helperText={errorText(errors, `doses.${index}.dose_max`)}
              slotProps={{ htmlInput: { 'data-testid': `account-product-dose-max-${index}` } }}
            />
            <TextField
              select
              label={t('account.dose_unit')}
              value={dose.unidade}
              onChange={(event) => update({ unidade: event.target.value as DoseUnit })}
              error={Boolean(errors[`doses.${index}.unidade`])}
              helperText={errorText(errors, `doses.${index}.unidade`)}
            >
              {DOSE_UNITS.map((code) => (
                <MenuItem key={code} value={code}>
                  {code}
                </MenuItem>
              ))}
            </TextField>
            <IconButton
              aria-label={t('account.remove')}
              onClick={() => setDoses(doses.filter((_, at) => at !== index))}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        );
      })}
      <Button
        size="small"
        startIcon={<AddIcon />}
        onClick={() =>
          setDoses([...doses, { doenca_id: '', dose_min: '', dose_max: '', unidade: 'L' }])
        }
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('account.add_dose')}
      </Button>
      <Typography variant="body2" color="text.secondary">
        {t('account.no_doses')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          fullWidth
          label={t('account.safety_interval')}
          value={interval}
          inputMode="numeric"
          onChange={(event) => setInterval(event.target.value)}
          error={Boolean(errors.intervalo_seguranca_dias)}
          helperText={errorText(errors, 'intervalo_seguranca_dias')}
        />
        <TextField
          fullWidth
          label={t('account.registration')}
          value={registration}
          onChange={(event) => setRegistration(event.target.value)}
          error={Boolean(errors.registro)}
          helperText={errorText(errors, 'registro')}
        />
      </Stack>
    </DialogFrame>
  );
}

function AccountVarietyDialog({
  countryId,
  onClose,
  onSaved,
}: {
  countryId: number;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const { t } = useTranslation(['catalog', 'reference']);
  const language = useLanguage();
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [cropId, setCropId] = useState(1);
  const [gmr, setGmr] = useState('');
  const [cycle, setCycle] = useState('');
  // The farms' seed lists hold it once saved.
  const {
    errors,
    failure,
    busy,
    submit: save,
  } = useEntryForm(
    accountVarietyBodySchema,
    (body) => createAccountVariety(body as AccountVarietyBody),
    (key) => key.includes('seeds') || key.includes('varieties'),
    onSaved,
  );
  // Text that is no number is sent as NaN, so the contract names the field.
  const number = (value: string) =>
    value.trim() === '' ? null : (parseDecimal(value, language) ?? Number.NaN);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      nome: name,
      crop_id: cropId,
      country_id: countryId,
      gmr: number(gmr),
      ciclo_dias: number(cycle),
    };
    await save(body);
  };

  return (
    <DialogFrame
      title={t('account.variety_title')}
      testId="account-variety-dialog"
      busy={busy}
      failure={failure}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label={t('account.variety_name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        error={Boolean(errors.nome)}
        helperText={errorText(errors, 'nome')}
        slotProps={{ htmlInput: { 'data-testid': 'account-variety-name', translate: 'no' } }}
      />
      <CropField value={cropId} onChange={setCropId} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          fullWidth
          label={t('account.gmr')}
          value={gmr}
          inputMode="decimal"
          onChange={(event) => setGmr(event.target.value)}
          error={Boolean(errors.gmr)}
          helperText={errorText(errors, 'gmr')}
          slotProps={{ htmlInput: { 'data-testid': 'account-variety-gmr' } }}
        />
        <TextField
          fullWidth
          label={t('account.cycle')}
          value={cycle}
          inputMode="numeric"
          onChange={(event) => setCycle(event.target.value)}
          error={Boolean(errors.ciclo_dias)}
          helperText={errorText(errors, 'ciclo_dias')}
          slotProps={{ htmlInput: { 'data-testid': 'account-variety-cycle' } }}
        />
      </Stack>
    </DialogFrame>
  );
}

/** The detail's "delete from the account" of an account's own row: 409 while in use. */
export function DeleteOwnEntry({
  category,
  id,
  onDeleted,
}: {
  category: string;
  id: number;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('catalog');
  const { can } = useSignedIn();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const variety = category === 'variety';
  if (!can(variety ? 'CULTIVAR_EXCLUIR' : 'DEFENSIVO_EXCLUIR')) return null;
  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await (variety ? deleteAccountVariety(id) : deleteAccountProduct(id));
      await queryClient.invalidateQueries({ queryKey: catalogueKeys.all });
      onDeleted();
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={1} sx={{ py: 1 }}>
      <Button
        color="error"
        variant="text"
        startIcon={<DeleteOutlineIcon />}
        disabled={busy}
        onClick={() => void remove()}
        sx={{ alignSelf: 'flex-start' }}
        data-testid="account-entry-delete"
      >
        {t('account.delete')}
      </Button>
      {failure !== null && <ApiErrorAlert error={failure} />}
    </Stack>
  );
}
