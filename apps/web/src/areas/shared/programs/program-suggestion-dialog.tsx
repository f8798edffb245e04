import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DISEASES, WHITE_MOLD, fromDisplayUnit, type EmptySprayReason } from '@lavoura/domain';
import type { Farm } from '../../../api/farms';
import {
  addApplication,
  useDefensives,
  useSuggestion,
  type ApplicationBody,
  type Program,
} from '../../../api/programs';
import { ApiErrorAlert } from '../../../shell/api-error-alert';
import { parseTyped, roundStored } from '../sowing-format';
import { priceUnitKey, type ProgramFormat } from './program-format';
import { formatScore } from './program-score';

const WHITE_MOLD_ID = DISEASES.find((disease) => disease.code === WHITE_MOLD)!.id;

/**
 * The engine's suggested applications for a program (AGRONOMY §7: from the start of the risk,
 * with rotation, season caps and intervals), shown before anything is written. A program without
 * applications takes them all at once; one with applications only compares. A product whose dose
 * is not known (no label dose in the source, never used by the account) is marked "dose to fill"
 * and the expected score waits for it; to take the suggestion the grower fills each such product's
 * dose (and the price of one never bought) once. An application without a product says the
 * engine's reason.
 */
export function ProgramSuggestionDialog({
  farm,
  program,
  format,
  add = addApplication,
  onClose,
  onSaved,
}: {
  farm: Farm;
  program: Program;
  format: ProgramFormat;
  /** Where each application is added (a sowing's go to its executions); a plan's by default. */
  add?: (programId: number, body: ApplicationBody) => Promise<Program>;
  onClose: () => void;
  onSaved: (next: Program) => void;
}) {
  const { t } = useTranslation(['programs', 'errors']);
  const suggestion = useSuggestion(farm.id, program.id);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const applications = suggestion.data?.aplicacoes ?? [];
  // A spray the rules left without a product is shown, not added.
  const withProducts = applications.filter((a) => a.produtos.length > 0);
  const usable = program.planejamentos.length === 0 && withProducts.length > 0;
  const defensives = useDefensives(farm.id, program.crop_id);
  const unitOf = (id: number) => defensives.data?.find((d) => d.id === id)?.unidade ?? null;
  // What the suggestion does not know, once per product: a dose to fill, a price never recorded.
  const [entries, setEntries] = useState<Record<number, { dose: string; price: string }>>({});
  const missing = new Map<number, { id: number; name: string; dose: boolean; price: boolean }>();
  for (const application of withProducts)
    for (const product of application.produtos)
      if (product.dose === null || product.preco === null) {
        const known = missing.get(product.defensivo_id);
        missing.set(product.defensivo_id, {
          id: product.defensivo_id,
          name: product.nome,
          dose: (known?.dose ?? false) || product.dose === null,
          price: (known?.price ?? false) || product.preco === null,
        });
      }
  const fills = [...missing.values()].map((need) => {
    const entry = entries[need.id] ?? { dose: '', price: '' };
    const dose = parseTyped(entry.dose, format.language);
    const price = parseTyped(entry.price, format.language);
    const doseValid = dose !== null && !Number.isNaN(dose) && dose > 0;
    return {
      need,
      entry,
      doseInvalid: need.dose && !doseValid,
      priceInvalid: need.price && (price === null || Number.isNaN(price) || price < 0),
      dose: doseValid ? roundStored(fromDisplayUnit('perArea', dose, format.language)) : null,
      price,
    };
  });
  const fillOf = new Map(fills.map((fill) => [fill.need.id, fill]));
  const complete = fills.every((fill) => !fill.doseInvalid && !fill.priceInvalid);
  const [checked, setChecked] = useState(false);
  const enter = (id: number, change: Partial<{ dose: string; price: string }>) =>
    setEntries({ ...entries, [id]: { dose: '', price: '', ...entries[id], ...change } });
  const mainDisease = format.disease(program.doenca_principal_id);
  // The engine's own reason, never a guessed one.
  const reasonText = (reason: EmptySprayReason | null, disease: string) =>
    reason ? t(`suggestion.no_product.${reason}`, { disease }) : null;
  // White-mold applications the engine could not fill (it stops at the first): their reason.
  const whiteMoldEmpty = suggestion.data?.avisos.find(
    (warning) =>
      warning.code === 'empty_spray' && warning.doenca_id === WHITE_MOLD_ID && warning.motivo,
  );

  const use = async () => {
    setChecked(true);
    if (!complete) return;
    setSaving(true);
    setError(null);
    try {
      let next = program;
      for (const application of withProducts)
        next = await add(program.id, {
          data: application.data,
          mofo_branco: application.mofo_branco,
          produtos: application.produtos.map((product) => ({
            defensivo_id: product.defensivo_id,
            // What the suggestion did not know, the grower filled (`complete`).
            dose: product.dose ?? fillOf.get(product.defensivo_id)!.dose!,
            preco: product.preco ?? fillOf.get(product.defensivo_id)!.price!,
          })),
        });
      onSaved(next);
    } catch (caught) {
      setError(caught);
      setSaving(false);
    }
  };

  let content;
  if (suggestion.isError)
    content = (
      <ApiErrorAlert
        error={suggestion.error}
        onRetry={() => void suggestion.refetch()}
        retryLabel={t('retry')}
      />
    );
  else if (!suggestion.data)
    content = <Skeleton variant="rounded" height={160} data-testid="suggestion-loading" />;
  else if (applications.length === 0)
    content = (
      <Alert severity="info" data-testid="suggestion-empty">
        {t('suggestion.empty')}
      </Alert>
    );
  else
    content = (
      <Stack spacing={2}>
        <Typography variant="body2" color="text.secondary" data-testid="suggestion-summary">
          {suggestion.data.program_score === null
            ? t('suggestion.summary_pending', {
                count: applications.length,
                from: suggestion.data.inicio_risco ? format.day(suggestion.data.inicio_risco) : '',
              })
            : t('suggestion.summary', {
                count: applications.length,
                from: suggestion.data.inicio_risco ? format.day(suggestion.data.inicio_risco) : '',
                score: formatScore(suggestion.data.program_score, format.language),
              })}
        </Typography>
        {suggestion.data.program_score === null && (
          <Alert severity="warning" data-testid="suggestion-score-pending">
            {t('suggestion.score_pending', { count: suggestion.data.doses_a_preencher })}
          </Alert>
        )}
        <Stack component="ol" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {applications.map((application) => (
            <Stack
              key={application.aplicacao}
              component="li"
              data-testid="suggestion-application"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
            >
              <Typography variant="subtitle2">
                {t('suggestion.application', {
                  number: application.aplicacao,
                  date: format.day(application.data),
                })}
              </Typography>
              {application.produtos.length === 0 ? (
                <Typography
                  variant="body2"
                  color="text.secondary"
                  data-testid="suggestion-no-product"
                  data-reason={application.motivo_sem_produto ?? undefined}
                >
                  {reasonText(
                    application.motivo_sem_produto,
                    application.mofo_branco ? format.disease(WHITE_MOLD_ID) : mainDisease,
                  )}
                </Typography>
              ) : (
                application.produtos.map((product) =>
                  product.dose === null ? (
                    <Stack
                      key={product.defensivo_id}
                      direction="row"
                      spacing={1}
                      useFlexGap
                      sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                    >
                      <Typography variant="body2">{product.nome}</Typography>
                      <Chip
                        size="small"
                        variant="outlined"
                        color="warning"
                        label={t('suggestion.dose_to_fill')}
                        data-testid="suggestion-dose-to-fill"
                        // The border carries the colour: warning text on white is below 4.5:1.
                        sx={{
                          color: 'text.primary',
                          height: 'auto',
                          '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 },
                        }}
                      />
                    </Stack>
                  ) : (
                    <Typography key={product.defensivo_id} variant="body2">
                      {product.nome} · {format.dose(product.dose, unitOf(product.defensivo_id))}
                    </Typography>
                  ),
                )
              )}
            </Stack>
          ))}
        </Stack>
        {whiteMoldEmpty && (
          <Alert severity="info" data-testid="suggestion-white-mold-empty">
            {t('suggestion.white_mold_empty')}{' '}
            {reasonText(whiteMoldEmpty.motivo, format.disease(WHITE_MOLD_ID))}
          </Alert>
        )}
        {program.planejamentos.length > 0 && (
          <Alert severity="info" data-testid="suggestion-compare-only">
            {t('suggestion.has_applications')}
          </Alert>
        )}
        {usable && fills.length > 0 && (
          <Stack spacing={1.5} data-testid="suggestion-fill">
            <Typography variant="body2">{t('suggestion.fill_doses')}</Typography>
            {fills.map(({ need, entry, doseInvalid, priceInvalid }) => {
              const priceUnit = priceUnitKey({ unidade: unitOf(need.id) });
              return (
                <Stack key={need.id} spacing={1} data-testid="suggestion-fill-product">
                  <Typography variant="subtitle2" component="p">
                    {need.name}
                  </Typography>
                  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                    {need.dose && (
                      <TextField
                        required
                        size="small"
                        label={`${t('application.dose')} (${format.doseUnit(unitOf(need.id))})`}
                        value={entry.dose}
                        onChange={(event) => enter(need.id, { dose: event.target.value })}
                        error={checked && doseInvalid}
                        helperText={
                          checked && doseInvalid ? t('application.dose_invalid') : undefined
                        }
                        slotProps={{
                          htmlInput: {
                            inputMode: 'decimal',
                            'data-testid': 'suggestion-fill-dose',
                          },
                        }}
                        sx={{ flex: 1 }}
                      />
                    )}
                    {need.price && (
                      <TextField
                        required
                        size="small"
                        label={`${t('application.price')} (${t(priceUnit.key, { unit: priceUnit.unit })})`}
                        value={entry.price}
                        onChange={(event) => enter(need.id, { price: event.target.value })}
                        error={checked && priceInvalid}
                        helperText={
                          checked && priceInvalid ? t('application.price_invalid') : undefined
                        }
                        slotProps={{
                          htmlInput: {
                            inputMode: 'decimal',
                            'data-testid': 'suggestion-fill-price',
                          },
                        }}
                        sx={{ flex: 1 }}
                      />
                    )}
                  </Stack>
                </Stack>
              );
            })}
          </Stack>
        )}
        {error !== null && <ApiErrorAlert error={error} />}
      </Stack>
    );

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="program-suggestion-title"
      data-testid="program-suggestion-dialog"
    >
      <DialogTitle id="program-suggestion-title">{t('suggestion.title')}</DialogTitle>
      <DialogContent>{content}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {t('suggestion.close')}
        </Button>
        {usable && (
          <Button
            variant="contained"
            onClick={() => void use()}
            disabled={saving}
            data-testid="suggestion-use"
          >
            {t('suggestion.use', { count: withProducts.length })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
