import { useState } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import PlaylistAddCheckIcon from '@mui/icons-material/PlaylistAddCheck';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { importPlan, type ExecutionProgram } from '../../api/executions';
import type { Farm } from '../../api/farms';
import { useVarietyPrograms } from '../../api/programs';
import type { SowingDetail } from '../../api/sowing-records';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { InlineMessage } from '../../shell/inline-message';
import type { ProgramFormat } from '../shared/programs/program-format';
import { ProgramSettingsDialog } from '../shared/programs/program-settings-dialog';
import { formatScore } from '../shared/programs/program-score';

/**
 * The plans made for the sowing's variety on /programas (GET /api/programas?cultivar_id=, the
 * sowing's farm variety), one of which is copied into the sowing (POST /api/programas/{id}/importar).
 */
function ImportPlanDialog({
  farm,
  sowing,
  varietyName,
  format,
  onClose,
  onImported,
}: {
  farm: Farm;
  sowing: SowingDetail & { cultivar_id: number };
  varietyName: string;
  format: ProgramFormat;
  onClose: () => void;
  onImported: (program: ExecutionProgram) => void;
}) {
  const { t } = useTranslation('execution');
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const plans = useVarietyPrograms(farm.id, sowing.cultivar_id);
  const [sending, setSending] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const choose = async (planId: number) => {
    setSending(planId);
    setFailure(null);
    try {
      onImported(await importPlan(planId, sowing.id));
    } catch (error) {
      setFailure(error);
      setSending(null);
    }
  };

  let content;
  if (plans.isError && !plans.data)
    content = (
      <ApiErrorAlert
        error={plans.error}
        onRetry={() => void plans.refetch()}
        retryLabel={t('retry')}
      />
    );
  else if (!plans.data)
    content = (
      <Box role="status" aria-label={t('loading')} data-testid="import-plans-loading">
        <Skeleton height={64} />
        <Skeleton height={64} />
      </Box>
    );
  else if (plans.data.length === 0)
    content = (
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }} data-testid="import-plans-empty">
        <Typography color="text.secondary">{t('import.empty')}</Typography>
        <Button component={RouterLink} to="/programas" variant="outlined">
          {t('import.to_programs')}
        </Button>
      </Stack>
    );
  else
    content = (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {plans.data.map((plan) => (
          <Paper
            key={plan.id}
            component="li"
            variant="outlined"
            data-testid="import-plan"
            sx={{ p: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {plan.nome || t('program.unnamed')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {[
                  t('import.sprays', { count: plan.planejamentos.length }),
                  format.costPerArea(plan.custo_ha),
                  plan.avaliacao
                    ? t('import.score', {
                        value: formatScore(plan.avaliacao.program_score, format.language),
                      })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography>
            </Box>
            <Button
              variant="contained"
              onClick={() => void choose(plan.id)}
              disabled={sending !== null}
              data-testid="import-plan-choose"
              sx={{ flexShrink: 0 }}
            >
              {t('import.action')}
            </Button>
          </Paper>
        ))}
      </Stack>
    );

  return (
    <Dialog
      open
      onClose={sending !== null ? undefined : onClose}
      fullScreen={phone}
      maxWidth="sm"
      fullWidth
      aria-labelledby="import-plan-title"
      data-testid="import-plan-dialog"
    >
      <DialogTitle id="import-plan-title">
        {t('import.title', { variety: varietyName })}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('import.description')}</DialogContentText>
          {failure !== null && (
            <Box data-testid="import-plan-error">
              <ApiErrorAlert error={failure} />
            </Box>
          )}
          {content}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={sending !== null}>
          {t('cancel')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * A sowing without a program: create one (its diseases and settings; emergence and cycle are the
 * sowing's) or import a plan of its variety.
 */
export function NoProgram({
  farm,
  sowing,
  varietyName,
  format,
  onCreated,
}: {
  farm: Farm;
  sowing: SowingDetail;
  varietyName: string;
  format: ProgramFormat;
  onCreated: (program: ExecutionProgram, how: 'created' | 'imported') => void;
}) {
  const { t } = useTranslation('execution');
  const { can } = useSignedIn();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const canCreate = can('PLANEJAMENTO_CADASTRAR');
  const farmVarietyId = sowing.cultivar_id;

  return (
    <Paper variant="outlined">
      <InlineMessage
        testId="execution-no-program"
        icon={<PlaylistAddCheckIcon />}
        title={t('no_program.title')}
        description={t(canCreate ? 'no_program.description' : 'no_program.description_readonly')}
        headingLevel="h2"
        action={
          canCreate ? (
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignSelf: 'stretch', justifyContent: 'center', px: { xs: 2, sm: 0 } }}
            >
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => setCreating(true)}
                data-testid="execution-create-program"
              >
                {t('no_program.create')}
              </Button>
              {farmVarietyId !== null && (
                <Button
                  variant="outlined"
                  startIcon={<FileDownloadOutlinedIcon />}
                  onClick={() => setImporting(true)}
                  data-testid="execution-import-plan"
                >
                  {t('no_program.import')}
                </Button>
              )}
            </Stack>
          ) : undefined
        }
      />
      {creating && (
        <ProgramSettingsDialog
          sowingId={sowing.id}
          cropId={sowing.crop_id}
          varietyName={varietyName}
          onClose={() => setCreating(false)}
          onSaved={(program) => {
            setCreating(false);
            onCreated(program, 'created');
          }}
        />
      )}
      {importing && farmVarietyId !== null && (
        <ImportPlanDialog
          farm={farm}
          sowing={{ ...sowing, cultivar_id: farmVarietyId }}
          varietyName={varietyName}
          format={format}
          onClose={() => setImporting(false)}
          onImported={(program) => {
            setImporting(false);
            onCreated(program, 'imported');
          }}
        />
      )}
    </Paper>
  );
}
