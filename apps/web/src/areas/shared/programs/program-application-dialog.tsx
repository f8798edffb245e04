import { useState, type FormEvent } from 'react';
import {
  Alert,
  Autocomplete,
  Chip,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { costPerHectare, formatForInput, fromDisplayUnit } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../lib/date-field';
import type { Farm } from '../../../api/farms';
import {
  addApplication,
  updateApplication,
  useDefensives,
  type Application,
  type ApplicationBody,
  type Defensive,
  type Program,
} from '../../../api/programs';
import { ApiErrorAlert } from '../../../shell/api-error-alert';
import { parseTyped, roundStored } from '../sowing-format';
import { priceUnitKey, useProgramFormat } from './program-format';

interface ProductLine {
  /** Stable per line, for React keys. */
  key: number;
  defensive: Defensive | null;
  dose: string;
  price: string;
}

let nextLineKey = 1;
const emptyLine = (): ProductLine => ({ key: nextLineKey++, defensive: null, dose: '', price: '' });

/**
 * One application of a program, new or changed: its day, white-mold flag and products, each once,
 * with dose per area (in the language's unit) and price; the dose and price prefilled with the
 * account's last ones. The API's refusal (a date not after the previous spray…) is shown here.
 */
export function ProgramApplicationDialog({
  farm,
  program,
  application,
  save,
  appliedOn,
  onClose,
  onSaved,
}: {
  farm: Farm;
  program: Program;
  /** The application to change; none: a new one at the end. */
  application?: Application;
  /**
   * Where the application is written (a sowing's sprayings go to its executions); by default a
   * plan's application, added or changed.
   */
  save?: ((body: ApplicationBody & { data_realizada?: string }) => Promise<Program>) | undefined;
  /**
   * An applied spraying (a sowing's): the day it was sprayed, changed beside its planned day from
   * `min` (the sowing, when known) up to `max` (the farm's today), sent as `data_realizada` only
   * when changed.
   */
  appliedOn?: { value: string; max: string; min?: string | null | undefined } | undefined;
  onClose: () => void;
  onSaved: (program: Program) => void;
}) {
  const { t } = useTranslation('programs');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const format = useProgramFormat(farm);
  const { language } = format;
  const defensives = useDefensives(farm.id, program.crop_id);
  const [date, setDate] = useState(application?.data_aplicacao_planejada ?? '');
  const [appliedDate, setAppliedDate] = useState(appliedOn?.value ?? '');
  const [whiteMold, setWhiteMold] = useState(application?.mofo_branco ?? false);
  const [lines, setLines] = useState<ProductLine[] | null>(application ? null : [emptyLine()]);
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  // An application being changed starts from its products, once the catalogue says their units.
  const catalogue = defensives.data;
  const shownLines: ProductLine[] =
    lines ??
    (catalogue && application
      ? application.produtos.map((product, index) => {
          // A product the catalogue no longer lists: what the application says of it.
          const defensive: Defensive = catalogue.find((row) => row.id === product.defensivo_id) ?? {
            id: product.defensivo_id,
            nome: product.nome,
            unidade: null,
            origem: 'catalogue',
            tipo: 'fungicide',
            pais_id: farm.pais.id,
            doses: [],
            is_white_mold: false,
            lastPrice: null,
            lastDose: null,
          };
          return {
            // Deterministic until the first change puts the lines in state.
            key: -(index + 1),
            defensive,
            dose: format.doseForInput(product.dose),
            price: formatForInput(product.preco, language, 2),
          };
        })
      : []);
  const update = (key: number, change: Partial<ProductLine>) =>
    setLines(shownLines.map((line) => (line.key === key ? { ...line, ...change } : line)));

  const parsed = shownLines.map((line) => {
    const dose = parseTyped(line.dose, language);
    const price = parseTyped(line.price, language);
    return {
      line,
      dose,
      price,
      doseInvalid: dose === null || Number.isNaN(dose) || dose <= 0,
      priceInvalid: price === null || Number.isNaN(price) || price < 0,
      canonicalDose:
        dose !== null && !Number.isNaN(dose)
          ? roundStored(fromDisplayUnit('perArea', dose, language))
          : null,
    };
  });
  const noProducts = parsed.every((row) => row.line.defensive === null);
  let appliedError: string | undefined;
  if (appliedOn) {
    if (appliedDate === '') appliedError = t('errors:field.required');
    else if (appliedDate > appliedOn.max) appliedError = t('application.applied_date_future');
    else if (appliedOn.min && appliedDate < appliedOn.min)
      appliedError = t('application.applied_date_before_sowing', {
        date: format.day(appliedOn.min),
      });
  }
  const hasErrors =
    date === '' ||
    appliedError !== undefined ||
    noProducts ||
    parsed.some((row) => row.line.defensive === null || row.doseInvalid || row.priceInvalid);
  const costPerHa = costPerHectare(
    parsed.flatMap((row) =>
      row.canonicalDose !== null && row.price !== null && !Number.isNaN(row.price)
        ? [{ dose: row.canonicalDose, price: row.price }]
        : [],
    ),
  );
  const chosen = new Set(shownLines.map((line) => line.defensive?.id).filter(Boolean));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (hasErrors) return;
    const body: ApplicationBody & { data_realizada?: string } = {
      data: date,
      mofo_branco: whiteMold,
      produtos: parsed.map((row) => ({
        defensivo_id: row.line.defensive!.id,
        dose: row.canonicalDose!,
        preco: row.price!,
      })),
      // Unchanged, the applied day is not sent: the API refuses it while the program is paused.
      ...(appliedOn && appliedDate !== appliedOn.value ? { data_realizada: appliedDate } : {}),
    };
    setSending(true);
    setFailure(null);
    try {
      onSaved(
        save
          ? await save(body)
          : application
            ? await updateApplication(program.id, application.id, body)
            : await addApplication(program.id, body),
      );
    } catch (error) {
      setFailure(error);
      setSending(false);
    }
  };

  const title = application
    ? t('application.edit_title', { number: application.aplicacao })
    : t('application.new_title', { number: program.planejamentos.length + 1 });

  let products;
  if (defensives.isError && !catalogue) {
    products = (
      <ApiErrorAlert
        error={defensives.error}
        onRetry={() => void defensives.refetch()}
        retryLabel={t('retry')}
      />
    );
  } else if (!catalogue) {
    products = (
      <Box role="status" aria-label={t('application.loading_products')}>
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Box>
    );
  } else {
    products = (
      <Stack spacing={1.5} data-testid="application-products">
        {parsed.map(({ line, doseInvalid, priceInvalid }, index) => {
          const priceUnit = priceUnitKey(line.defensive ?? undefined);
          return (
            <Paper
              key={line.key}
              variant="outlined"
              sx={{ p: 1.5 }}
              data-testid="application-product"
            >
              <Stack spacing={1.5}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <Autocomplete
                    options={catalogue.filter(
                      (option) => option.id === line.defensive?.id || !chosen.has(option.id),
                    )}
                    value={line.defensive}
                    onChange={(_, value) =>
                      update(line.key, {
                        defensive: value,
                        // The account's last dose and price for the product, when it has them.
                        dose:
                          value?.lastDose != null ? format.doseForInput(value.lastDose) : line.dose,
                        price:
                          value?.lastPrice != null
                            ? formatForInput(value.lastPrice, language, 2)
                            : line.price,
                      })
                    }
                    getOptionLabel={(option) => option.nome}
                    // A product the account entered itself says so (issue 28 item 5).
                    renderOption={({ key, ...props }, option) => (
                      <li key={key} {...props}>
                        {option.nome}
                        {option.origem === 'account' && (
                          <Chip
                            size="small"
                            variant="outlined"
                            label={t('application.account_product')}
                            sx={{ ml: 1 }}
                          />
                        )}
                      </li>
                    )}
                    isOptionEqualToValue={(option, value) => option.id === value.id}
                    noOptionsText={t('application.no_products')}
                    sx={{ flex: 1, minWidth: 0 }}
                    renderInput={(params) => (
                      <TextField
                        {...params}
                        required
                        label={t('application.product', { number: index + 1 })}
                        error={checked && line.defensive === null}
                        helperText={
                          checked && line.defensive === null
                            ? t('errors:field.required')
                            : undefined
                        }
                        inputProps={{
                          ...params.inputProps,
                          'data-testid': 'application-product-input',
                        }}
                      />
                    )}
                  />
                  {shownLines.length > 1 && (
                    <Tooltip title={t('application.remove_product')}>
                      <IconButton
                        aria-label={t('application.remove_product')}
                        onClick={() =>
                          setLines(shownLines.filter((other) => other.key !== line.key))
                        }
                        sx={{ mt: 1 }}
                        data-testid="application-product-remove"
                      >
                        <DeleteOutlineIcon />
                      </IconButton>
                    </Tooltip>
                  )}
                </Stack>
                <Stack direction="row" spacing={1.5}>
                  <TextField
                    required
                    label={`${t('application.dose')} (${format.doseUnit(line.defensive?.unidade)})`}
                    value={line.dose}
                    onChange={(event) => update(line.key, { dose: event.target.value })}
                    error={checked && doseInvalid}
                    helperText={checked && doseInvalid ? t('application.dose_invalid') : undefined}
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', 'data-testid': 'application-dose' },
                    }}
                    sx={{ flex: 1 }}
                  />
                  <TextField
                    required
                    label={`${t('application.price')} (${t(priceUnit.key, { unit: priceUnit.unit })})`}
                    value={line.price}
                    onChange={(event) => update(line.key, { price: event.target.value })}
                    error={checked && priceInvalid}
                    helperText={
                      checked && priceInvalid ? t('application.price_invalid') : undefined
                    }
                    slotProps={{
                      htmlInput: { inputMode: 'decimal', 'data-testid': 'application-price' },
                    }}
                    sx={{ flex: 1 }}
                  />
                </Stack>
              </Stack>
            </Paper>
          );
        })}
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => setLines([...shownLines, emptyLine()])}
            disabled={shownLines.length >= 10}
            data-testid="application-add-product"
          >
            {t('application.add_product')}
          </Button>
        </Box>
      </Stack>
    );
  }

  const whiteMoldField = (
    <FormControlLabel
      control={
        <Checkbox
          checked={whiteMold}
          onChange={(event) => setWhiteMold(event.target.checked)}
          slotProps={{ input: { 'data-testid': 'application-white-mold' } as object }}
        />
      }
      label={t('application.white_mold')}
      sx={appliedOn ? { alignSelf: 'flex-start' } : { flex: 1 }}
    />
  );

  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby="program-application-title"
      data-testid="program-application-dialog"
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="program-application-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure !== null && (
              <Box data-testid="program-application-error">
                <ApiErrorAlert error={failure} />
              </Box>
            )}
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              sx={{ alignItems: { sm: appliedOn ? 'flex-start' : 'center' } }}
            >
              {appliedOn && (
                <DateField
                  required
                  label={t('application.applied_date')}
                  value={appliedDate}
                  onChange={setAppliedDate}
                  error={checked && appliedError !== undefined}
                  helperText={checked ? appliedError : undefined}
                  slotProps={{ htmlInput: { 'data-testid': 'application-applied-date' } }}
                  sx={{ flex: 1 }}
                />
              )}
              <DateField
                required
                label={t(appliedOn ? 'application.planned_date' : 'application.date')}
                value={date}
                onChange={setDate}
                error={checked && date === ''}
                helperText={checked && date === '' ? t('errors:field.required') : undefined}
                slotProps={{ htmlInput: { 'data-testid': 'application-date' } }}
                sx={{ flex: 1 }}
              />
              {!appliedOn && whiteMoldField}
            </Stack>
            {appliedOn && whiteMoldField}
            <Typography variant="subtitle2" component="h3">
              {t('application.products')}
            </Typography>
            {products}
            <Typography data-testid="application-cost" sx={{ fontWeight: 500 }}>
              {t('application.cost', { cost: format.costPerArea(costPerHa) })}
            </Typography>
            {checked && hasErrors && <Alert severity="warning">{t('application.fix')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={sending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={sending || !catalogue}
            data-testid="application-save"
          >
            {t('application.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
