import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Farm } from '../../api/farms';
import {
  addApplication,
  useSuggestion,
  type ApplicationBody,
  type Program,
} from '../../api/programs';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import type { ProgramFormat } from './program-format';
import { formatScore } from './program-score';

/**
 * The engine's suggested applications for a program (AGRONOMY §7: from the start of the risk,
 * with rotation, season caps and intervals), shown before anything is written. A program without
 * applications takes them all at once; one with applications only compares.
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
  const priced = withProducts.every((a) => a.produtos.every((p) => p.preco !== null));
  const usable = program.planejamentos.length === 0 && withProducts.length > 0 && priced;

  const use = async () => {
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
            dose: product.dose,
            preco: product.preco!,
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
        <Typography variant="body2" color="text.secondary">
          {t('suggestion.summary', {
            count: applications.length,
            from: suggestion.data.inicio_risco ? format.day(suggestion.data.inicio_risco) : '',
            score: formatScore(suggestion.data.program_score, format.language),
          })}
        </Typography>
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
                <Typography variant="body2" color="text.secondary">
                  {t('suggestion.no_product')}
                </Typography>
              ) : (
                application.produtos.map((product) => (
                  <Typography key={product.defensivo_id} variant="body2">
                    {product.nome} · {format.dose(product.dose, null)}
                  </Typography>
                ))
              )}
            </Stack>
          ))}
        </Stack>
        {program.planejamentos.length > 0 && (
          <Alert severity="info" data-testid="suggestion-compare-only">
            {t('suggestion.has_applications')}
          </Alert>
        )}
        {!priced && <Alert severity="warning">{t('suggestion.no_price')}</Alert>}
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
