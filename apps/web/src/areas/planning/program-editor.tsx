import { useEffect, useState } from 'react';
import {
  AppBar,
  Box,
  Button,
  Chip,
  Container,
  Dialog,
  IconButton,
  Paper,
  Skeleton,
  Stack,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import TuneOutlinedIcon from '@mui/icons-material/TuneOutlined';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Farm } from '../../api/farms';
import {
  deleteApplication,
  programKeys,
  useDefensives,
  useProgram,
  type Application,
  type Program,
} from '../../api/programs';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { ConfirmDeleteDialog } from '../../shell/confirm-delete-dialog';
import { InlineMessage } from '../../shell/inline-message';
import { useShellUi } from '../../shell/shell-ui';
import { ProgramApplicationDialog } from '../shared/programs/program-application-dialog';
import { ProgramSuggestionDialog } from '../shared/programs/program-suggestion-dialog';
import {
  priceUnitKey,
  useProgramFormat,
  type ProgramFormat,
} from '../shared/programs/program-format';
import { ProgramChart } from '../shared/programs/program-chart';
import { ApplicationEfficacy, ProgramScore } from '../shared/programs/program-score';
import { ProgramSettingsDialog } from '../shared/programs/program-settings-dialog';
import { LoadingState } from '../../shell/loading-state';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography variant="body2" component="dd" sx={{ m: 0 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** The program's settings and costs at a glance. */
function ProgramSummary({ program, format }: { program: Program; format: ProgramFormat }) {
  const { t } = useTranslation('programs');
  const secondary = program.doencas_secundarias_ids.map(format.disease).join(', ');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="program-summary">
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(160px, 1fr))' },
          gap: 2,
          m: 0,
        }}
      >
        <Fact
          label={t('settings.main_disease')}
          value={format.disease(program.doenca_principal_id)}
        />
        <Fact label={t('settings.secondary_diseases')} value={secondary || t('none')} />
        <Fact label={t('settings.severity')} value={format.severity(program.severidade)} />
        <Fact
          label={t('settings.expected_emergence')}
          value={program.data_prevista ? format.day(program.data_prevista) : t('not_informed')}
        />
        <Fact
          label={t('settings.cycle')}
          value={program.ciclo_dias ? t('days', { count: program.ciclo_dias }) : t('not_informed')}
        />
        <Fact label={t('settings.white_mold')} value={program.mofo_branco ? t('yes') : t('no')} />
        <Fact label={t('settings.rational')} value={program.racional ? t('yes') : t('no')} />
        <Fact
          label={t('list.cost_per_area', { unit: format.areaUnit })}
          value={format.costPerArea(program.custo_ha)}
          testId="program-cost-per-area"
        />
        <Fact
          label={t('list.cost_total')}
          value={
            program.custo_total === null
              ? t('list.no_area')
              : t('list.total_over', {
                  value: format.money(program.custo_total),
                  area: format.area(program.area ?? 0),
                })
          }
          testId="program-cost-total"
        />
      </Box>
    </Paper>
  );
}

function ApplicationItem({
  application,
  cropId,
  format,
  units,
  onEdit,
  onDelete,
}: {
  application: Application;
  cropId: number;
  format: ProgramFormat;
  /** The product's unit by id, from the catalogue; absent while it loads. */
  units: ReadonlyMap<number, string | null>;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const { t } = useTranslation('programs');
  const applied = application.data_realizada !== null;
  const perUnit = (unit: string | null) => {
    const price = priceUnitKey({ unidade: unit });
    return t(price.key, { unit: price.unit });
  };
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2 }}
      data-testid="program-application"
      aria-labelledby={`application-${application.id}-title`}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={`application-${application.id}-title`}
            variant="subtitle1"
            component="h3"
            sx={{ fontWeight: 600 }}
          >
            {t('application.title', {
              number: application.aplicacao,
              date: format.day(application.data_aplicacao_planejada),
            })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {application.mofo_branco && (
              <Chip size="small" label={t('application.white_mold_chip')} />
            )}
            {applied && (
              <Chip
                size="small"
                color="success"
                label={t('application.applied', { date: format.day(application.data_realizada!) })}
              />
            )}
          </Stack>
        </Box>
        <Stack direction="row" sx={{ flexShrink: 0 }}>
          {onEdit && !applied && (
            <Tooltip title={t('application.edit')}>
              <IconButton
                aria-label={t('application.edit')}
                onClick={onEdit}
                data-testid="application-edit"
              >
                <EditOutlinedIcon />
              </IconButton>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip title={t('application.delete')}>
              <IconButton
                aria-label={t('application.delete')}
                onClick={onDelete}
                data-testid="application-delete"
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          )}
        </Stack>
      </Stack>
      <Box
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5, display: 'grid', gap: 1 }}
        aria-label={t('application.products')}
      >
        {application.produtos.map((product) => (
          <Box
            component="li"
            key={product.defensivo_id}
            data-testid="application-product-row"
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              columnGap: 2,
              rowGap: 0.25,
              justifyContent: 'space-between',
              borderTop: 1,
              borderColor: 'divider',
              pt: 1,
            }}
          >
            <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
              {product.nome}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('application.dose_price', {
                dose: format.dose(product.dose, units.get(product.defensivo_id)),
                price: format.price(product.preco),
                per: perUnit(units.get(product.defensivo_id) ?? null),
              })}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography
        variant="body2"
        sx={{ mt: 1.5, fontWeight: 600 }}
        data-testid="application-cost-per-area"
      >
        {t('application.cost', { cost: format.costPerArea(application.custo_ha) })}
      </Typography>
      <ApplicationEfficacy
        evaluation={application.avaliacao}
        whiteMoldSpray={application.mofo_branco}
        format={format}
        cropId={cropId}
        productNames={
          new Map(application.produtos.map((product) => [product.defensivo_id, product.nome]))
        }
      />
    </Paper>
  );
}

/**
 * The program editor, full screen over /programas (?programa={id}): its settings, its
 * applications with products, doses, prices and costs, and where its scores will show.
 */
export function ProgramEditor({
  farm,
  programId,
  onClose,
}: {
  farm: Farm;
  programId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('programs');
  const { can } = useSignedIn();
  const { notify } = useShellUi();
  const queryClient = useQueryClient();
  const format = useProgramFormat(farm);
  const program = useProgram(farm.id, programId);
  const cropId = program.data?.crop_id ?? null;
  const defensives = useDefensives(farm.id, cropId).data;
  const [editingSettings, setEditingSettings] = useState(false);
  const [adding, setAdding] = useState(false);
  const [suggesting, setSuggesting] = useState(false);
  const [editing, setEditing] = useState<Application | null>(null);
  const [removing, setRemoving] = useState<Application | null>(null);
  const canCreate = can('PLANEJAMENTO_CADASTRAR');
  const canEdit = can('PLANEJAMENTO_EDITAR');
  const canDelete = can('PLANEJAMENTO_EXCLUIR');

  const saved = (next: Program) => {
    queryClient.setQueryData(programKeys.one(farm.id, next.id), next);
    void queryClient.invalidateQueries({ queryKey: programKeys.all(farm.id) });
  };
  // A program of another farm (the farm was switched with the editor open) is not this page's.
  const otherFarm = program.data !== undefined && program.data.fazenda_id !== farm.id;
  useEffect(() => {
    if (otherFarm) onClose();
  }, [otherFarm, onClose]);
  const units = new Map((defensives ?? []).map((row) => [row.id, row.unidade]));

  let content;
  if (program.isError && !program.data) {
    content = (
      <ApiErrorAlert
        error={program.error}
        onRetry={() => void program.refetch()}
        retryLabel={t('retry')}
      />
    );
  } else if (!program.data) {
    content = (
      <LoadingState label={t('loading')}>
        <Skeleton variant="rounded" height={120} />
        <Skeleton variant="rounded" height={160} />
      </LoadingState>
    );
  } else {
    const current = program.data;
    content = (
      <Stack spacing={3}>
        <ProgramScore
          evaluation={current.avaliacao}
          missing={current.avaliacao_indisponivel}
          format={format}
          variant="header"
          onFix={canEdit ? () => setEditingSettings(true) : undefined}
        />
        <ProgramSummary program={current} format={format} />
        {current.avaliacao && (
          <ProgramChart
            evaluation={current.avaliacao}
            applications={current.planejamentos}
            format={format}
          />
        )}
        <Stack spacing={1.5} component="section" aria-labelledby="program-applications-title">
          <Stack
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', justifyContent: 'space-between' }}
          >
            <Typography id="program-applications-title" variant="h6" component="h2">
              {t('application.list_title', { count: current.planejamentos.length })}
            </Typography>
            {canCreate && (
              <Stack
                direction="row"
                spacing={1}
                sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}
              >
                {current.avaliacao && (
                  <Button
                    startIcon={<AutoAwesomeOutlinedIcon />}
                    onClick={() => setSuggesting(true)}
                    data-testid="application-suggest"
                  >
                    {t('suggestion.button')}
                  </Button>
                )}
                <Button
                  variant="contained"
                  startIcon={<AddIcon />}
                  onClick={() => setAdding(true)}
                  data-testid="application-add"
                >
                  {t('application.add')}
                </Button>
              </Stack>
            )}
          </Stack>
          {current.planejamentos.length === 0 ? (
            <Paper variant="outlined">
              <InlineMessage
                testId="program-applications-empty"
                icon={<EventNoteOutlinedIcon />}
                title={t('application.empty_title')}
                description={t('application.empty_description')}
              />
            </Paper>
          ) : (
            <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
              {current.planejamentos.map((application) => (
                <ApplicationItem
                  key={application.id}
                  application={application}
                  cropId={current.crop_id}
                  format={format}
                  units={units}
                  onEdit={canEdit ? () => setEditing(application) : undefined}
                  onDelete={canDelete ? () => setRemoving(application) : undefined}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    );
  }

  const current = program.data;
  return (
    <Dialog
      open
      fullScreen
      onClose={onClose}
      aria-labelledby="program-editor-title"
      data-testid="program-editor"
    >
      <AppBar
        position="sticky"
        color="default"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            onClick={onClose}
            aria-label={t('editor.close')}
            data-testid="program-editor-close"
          >
            <CloseIcon />
          </IconButton>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              id="program-editor-title"
              variant="h6"
              component="h1"
              noWrap
              sx={{ lineHeight: 1.3 }}
            >
              {current?.nome || t('editor.title')}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {t('editor.subtitle', { farm: farm.nome })}
            </Typography>
          </Box>
          {current && canEdit && (
            <Button
              startIcon={<TuneOutlinedIcon />}
              onClick={() => setEditingSettings(true)}
              data-testid="program-edit-settings"
              sx={{ flexShrink: 0 }}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t('editor.edit_settings')}
              </Box>
              <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                {t('editor.edit_settings_short')}
              </Box>
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Container maxWidth="md" sx={{ py: 3 }}>
        {content}
      </Container>
      {editingSettings && current && current.cultivar_id !== null && (
        <ProgramSettingsDialog
          farmVarietyId={current.cultivar_id}
          cropId={current.crop_id}
          varietyName=""
          program={current}
          onClose={() => setEditingSettings(false)}
          onSaved={(next) => {
            setEditingSettings(false);
            saved(next);
            notify({ key: 'settings.saved', ns: 'programs', severity: 'success' });
          }}
        />
      )}
      {(adding || editing) && current && (
        <ProgramApplicationDialog
          farm={farm}
          program={current}
          application={editing ?? undefined}
          onClose={() => {
            setAdding(false);
            setEditing(null);
          }}
          onSaved={(next) => {
            setAdding(false);
            setEditing(null);
            saved(next);
            notify({ key: 'application.saved', ns: 'programs', severity: 'success' });
          }}
        />
      )}
      {suggesting && current && (
        <ProgramSuggestionDialog
          farm={farm}
          program={current}
          format={format}
          onClose={() => setSuggesting(false)}
          onSaved={(next) => {
            setSuggesting(false);
            saved(next);
            // The editor's program is read with the chart's curves: read it again.
            void queryClient.invalidateQueries({ queryKey: programKeys.one(farm.id, next.id) });
            notify({ key: 'application.saved', ns: 'programs', severity: 'success' });
          }}
        />
      )}
      {removing && current && (
        <ConfirmDeleteDialog
          id="application-delete-dialog"
          title={t('application.delete_title', { number: removing.aplicacao })}
          description={t('application.delete_description', {
            number: removing.aplicacao,
            date: format.day(removing.data_aplicacao_planejada),
          })}
          cancelLabel={t('cancel')}
          confirmLabel={t('delete.confirm')}
          remove={async () => {
            saved(await deleteApplication(current.id, removing.id));
          }}
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            setRemoving(null);
            notify({ key: 'application.deleted', ns: 'programs', severity: 'success' });
          }}
        />
      )}
    </Dialog>
  );
}
