import { useState } from 'react';
import { Alert, AlertTitle, Box, Button, Chip, Paper, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AutoAwesomeOutlinedIcon from '@mui/icons-material/AutoAwesomeOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import AgricultureOutlinedIcon from '@mui/icons-material/AgricultureOutlined';
import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutline';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutline';
import { PAUSED_CLIMATE_REASONS, todayIn } from '@lavoura/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import {
  addExecution,
  applySpraying,
  deleteExecution,
  executionKeys,
  unapplySpraying,
  updateExecution,
  useExecutionProgram,
  type ExecutionProgram,
} from '../../api/executions';
import type { Farm } from '../../api/farms';
import { programKeys, useDefensives, type Application } from '../../api/programs';
import type { SowingDetail } from '../../api/sowing-records';
import { sowingKeys } from '../../api/sowings';
import { outboxOf, useOutboxEntries } from '../../app/offline/outbox';
import { sendOrKeep, useOutboxOwner } from '../../app/offline/outbox-sync';
import { useSignedIn } from '../../app/session/signed-in';
import { ConfirmDeleteDialog } from '../../shell/confirm-delete-dialog';
import { InlineMessage } from '../../shell/inline-message';
import { useShellUi } from '../../shell/shell-ui';
import { ProgramApplicationDialog } from '../shared/programs/program-application-dialog';
import { ProgramChart } from '../shared/programs/program-chart';
import type { ProgramFormat } from '../shared/programs/program-format';
import { ProgramScore } from '../shared/programs/program-score';
import { ProgramSuggestionDialog } from '../shared/programs/program-suggestion-dialog';
import { ApplyDialog, ConfirmActionDialog, PauseDialog, ResumeDialog } from './execution-dialogs';
import { ApplicationLogMenu, NextSpraying, SprayingItem } from './execution-sprayings';
import { ApplicationRecordDialog } from './application-record-dialog';

type Open =
  | { kind: 'apply' | 'undo' | 'edit' | 'delete' | 'record'; spraying: Application }
  | { kind: 'add' | 'suggest' | 'pause' | 'resume' };

/** A planned day that an apply, an undo or a resume moved. */
interface Moved {
  number: number;
  from: string;
  to: string;
}

/** The pending sprays whose planned day the answer changed. */
function movedDays(before: ExecutionProgram, after: ExecutionProgram): Moved[] {
  const old = new Map(before.planejamentos.map((row) => [row.id, row.data_aplicacao_planejada]));
  return after.planejamentos.flatMap((row) => {
    const from = old.get(row.id);
    return row.data_realizada === null && from && from !== row.data_aplicacao_planejada
      ? [{ number: row.aplicacao, from, to: row.data_aplicacao_planejada }]
      : [];
  });
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography
        variant="body2"
        component="dd"
        sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** While paused: since when and why, and Resume. */
function PauseBanner({
  program,
  format,
  onResume,
}: {
  program: ExecutionProgram;
  format: ProgramFormat;
  onResume?: (() => void) | undefined;
}) {
  const { t } = useTranslation(['execution', 'reference']);
  const pause = program.pausa ?? null;
  const reason = pause ? PAUSED_CLIMATE_REASONS.find((row) => row.id === pause.reason_id) : null;
  const reasonName = reason ? t(reason.message_key, { ns: 'reference' }) : null;
  const details = pause?.description?.trim();
  return (
    <Alert
      severity="warning"
      icon={<PauseCircleOutlineIcon />}
      data-testid="execution-paused"
      action={
        onResume ? (
          <Button
            color="inherit"
            size="small"
            variant="outlined"
            onClick={onResume}
            startIcon={<PlayCircleOutlineIcon />}
            data-testid="execution-paused-resume"
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('program.resume')}
          </Button>
        ) : undefined
      }
      sx={{ alignItems: 'flex-start', '& .MuiAlert-action': { pt: 0.5 } }}
    >
      <AlertTitle>{t('paused.title')}</AlertTitle>
      {pause ? (
        <>
          <Box component="span" sx={{ display: 'block' }} data-testid="execution-paused-since">
            {t('paused.since', { date: format.day(pause.paused_at) })}
          </Box>
          {reasonName && (
            <Box component="span" sx={{ display: 'block' }} data-testid="execution-paused-reason">
              {details
                ? t('paused.reason_details', { reason: reasonName, details })
                : t('paused.reason', { reason: reasonName })}
            </Box>
          )}
        </>
      ) : (
        <Box component="span" sx={{ display: 'block' }}>
          {t('paused.no_details')}
        </Box>
      )}
      <Box component="span" sx={{ display: 'block', mt: 0.5 }}>
        {t('paused.blocked')}
      </Box>
    </Alert>
  );
}

/**
 * A sowing's program being carried out (issue 13 item 11): its state and actions, the next
 * spraying with Apply, the score and chart, and every spraying with undo, edit and delete.
 */
export function ExecutionProgramView({
  farm,
  sowing,
  initial,
  varietyName,
  stageName,
  format,
}: {
  farm: Farm;
  sowing: SowingDetail;
  /** The program as the sowing's list answered it, shown until it is read with its curves. */
  initial: ExecutionProgram;
  varietyName: string;
  stageName: string;
  format: ProgramFormat;
}) {
  const { t } = useTranslation(['execution', 'programs']);
  const { can } = useSignedIn();
  const { notify } = useShellUi();
  const queryClient = useQueryClient();
  const query = useExecutionProgram(farm.id, initial.id, initial);
  const program = query.data ?? initial;
  const defensives = useDefensives(farm.id, program.crop_id).data;
  const units = new Map((defensives ?? []).map((row) => [row.id, row.unidade]));
  const [open, setOpen] = useState<Open | null>(null);
  const [moved, setMoved] = useState<Moved[]>([]);
  const today = todayIn(farm.time_zone);

  const owner = useOutboxOwner();
  // Applications made without signal that wait on this device, by spraying.
  const kept = new Map(
    outboxOf(useOutboxEntries(), owner).flatMap((row) =>
      row.state === 'waiting' &&
      row.change.kind === 'apply-spraying' &&
      row.change.programId === program.id
        ? [[row.change.ordinal, row.change.appliedAt] as const]
        : [],
    ),
  );
  const canApply = can('EXECUCAO_EDITAR');
  const canAdd = can('EXECUCAO_CADASTRAR');
  const canEdit = can('EXECUCAO_EDITAR');
  const canDelete = can('EXECUCAO_EXCLUIR');
  const paused = program.is_paused_by_climate;
  const sprayings = program.planejamentos;
  const next = sprayings.find((row) => row.data_realizada === null) ?? null;
  const last = sprayings.at(-1) ?? null;
  const applied = sprayings.filter((row) => row.data_realizada !== null).length;

  const close = () => setOpen(null);
  /** The answer is the program: shown at once, then read again with the chart's curves. */
  const saved = (next: ExecutionProgram, notice?: { key: string; number?: number }) => {
    setMoved(movedDays(program, next));
    setOpen(null);
    queryClient.setQueryData(programKeys.one(farm.id, next.id), next);
    queryClient.setQueryData(executionKeys.ofSowing(farm.id, sowing.id), next);
    void queryClient.invalidateQueries({ queryKey: programKeys.all(farm.id) });
    // The sowing's counts (applied sprays lock its date) and the list's picker change too.
    void queryClient.invalidateQueries({ queryKey: sowingKeys.all(farm.id) });
    if (notice)
      notify({
        key: notice.key,
        ns: 'execution',
        severity: 'success',
        ...(notice.number !== undefined ? { values: { number: notice.number } } : {}),
      });
  };

  let score;
  if (program.avaliacao_indisponivel === 'emergence_and_cycle')
    score = (
      <Alert
        severity="info"
        data-testid="execution-score-missing"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={`/sowings/${sowing.id}`}>
            {t('score_missing.action')}
          </Button>
        }
      >
        <AlertTitle>{t('score_missing.title')}</AlertTitle>
        {t('score_missing.description')}
      </Alert>
    );
  else
    score = (
      <ProgramScore
        evaluation={program.avaliacao}
        missing={program.avaliacao_indisponivel}
        format={format}
        variant="header"
      />
    );

  return (
    <Stack spacing={3} data-testid="execution-program">
      <Paper
        variant="outlined"
        sx={{ p: 2 }}
        component="section"
        aria-labelledby="execution-program-name"
      >
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
        >
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}
          >
            <Typography
              id="execution-program-name"
              variant="h6"
              component="h2"
              sx={{ overflowWrap: 'anywhere' }}
              data-testid="execution-program-name"
            >
              {program.nome || t('program.unnamed')}
            </Typography>
            <Chip
              size="small"
              color={paused ? 'warning' : 'success'}
              variant={paused ? 'filled' : 'outlined'}
              label={t(paused ? 'program.paused' : 'program.running')}
              data-testid="execution-program-state"
            />
          </Stack>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            role="group"
            aria-label={t('program.actions')}
            sx={{ flexWrap: 'wrap', flexShrink: 0 }}
          >
            {canApply &&
              (paused ? (
                <Button
                  variant="contained"
                  startIcon={<PlayCircleOutlineIcon />}
                  onClick={() => setOpen({ kind: 'resume' })}
                  data-testid="execution-resume"
                >
                  {t('program.resume')}
                </Button>
              ) : (
                <Button
                  variant="outlined"
                  color="warning"
                  startIcon={<PauseCircleOutlineIcon />}
                  onClick={() => setOpen({ kind: 'pause' })}
                  data-testid="execution-pause"
                >
                  {t('program.pause')}
                </Button>
              ))}
            <Button
              component={RouterLink}
              to={`/sowings/${sowing.id}`}
              startIcon={<AgricultureOutlinedIcon />}
              data-testid="execution-open-sowing"
            >
              {t('program.open_sowing')}
            </Button>
          </Stack>
        </Stack>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              md: 'repeat(5, minmax(0, 1fr))',
            },
            gap: 2,
            m: 0,
            mt: 1.5,
          }}
        >
          <Fact label={t('program.variety')} value={varietyName} />
          <Fact
            label={t('program.emergence')}
            value={
              sowing.data_emergencia
                ? format.day(sowing.data_emergencia)
                : t('programs:not_informed')
            }
          />
          <Fact label={t('program.stage')} value={stageName} />
          <Fact
            label={t('program.applied')}
            value={t('program.applied_value', { applied, total: sprayings.length })}
            testId="execution-applied-count"
          />
          <Fact
            label={t('program.cost', { unit: format.areaUnit })}
            value={format.costPerArea(program.custo_ha)}
            testId="execution-cost-per-area"
          />
        </Box>
        {(program.ciclo_origem === 'variety' || program.ciclo_origem === 'reference') &&
          program.ciclo_dias !== null && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mt: 1.5 }}
              data-testid="execution-cycle-source"
            >
              {t(`program.cycle_${program.ciclo_origem}`, { count: program.ciclo_dias })}
            </Typography>
          )}
      </Paper>

      {paused && (
        <PauseBanner
          program={program}
          format={format}
          onResume={canApply ? () => setOpen({ kind: 'resume' }) : undefined}
        />
      )}
      {moved.length > 0 && (
        <Alert
          severity="info"
          icon={<EventAvailableOutlinedIcon />}
          onClose={() => setMoved([])}
          data-testid="execution-moved"
        >
          <AlertTitle>{t('moved.title')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {moved.map((row) => (
              <li key={row.number} data-testid="execution-moved-item">
                {t('moved.item', {
                  number: row.number,
                  from: format.day(row.from),
                  to: format.day(row.to),
                })}
              </li>
            ))}
          </Box>
        </Alert>
      )}

      {next ? (
        <NextSpraying
          spraying={next}
          farmId={program.fazenda_id}
          programId={program.id}
          cropId={program.crop_id}
          today={today}
          paused={paused}
          format={format}
          units={units}
          onApply={canApply ? () => setOpen({ kind: 'apply', spraying: next }) : undefined}
          keptOn={kept.get(next.aplicacao) ?? null}
        />
      ) : (
        sprayings.length > 0 && (
          <Paper variant="outlined">
            <InlineMessage
              testId="execution-all-applied"
              icon={<EventAvailableOutlinedIcon />}
              title={t('next.done_title')}
              description={t('next.done_description')}
              headingLevel="h2"
            />
          </Paper>
        )
      )}

      {score}
      {program.avaliacao && (
        <ProgramChart
          evaluation={program.avaliacao}
          applications={program.planejamentos}
          format={format}
        />
      )}

      <Stack spacing={1.5} component="section" aria-labelledby="execution-sprayings-title">
        <Stack
          direction="row"
          spacing={2}
          useFlexGap
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography id="execution-sprayings-title" variant="h6" component="h2">
            {t('sprayings.title', { count: sprayings.length })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {sprayings.some((row) => row.data_realizada !== null) && (
              <ApplicationLogMenu farmId={farm.id} seasonCropId={program.season_crop_id} />
            )}
            {canAdd && (
              <>
                {sprayings.length === 0 && program.avaliacao && (
                  <Button
                    startIcon={<AutoAwesomeOutlinedIcon />}
                    onClick={() => setOpen({ kind: 'suggest' })}
                    data-testid="execution-suggest"
                  >
                    {t('programs:suggestion.button')}
                  </Button>
                )}
                <Button
                  variant="contained"
                  startIcon={<AddIcon />}
                  onClick={() => setOpen({ kind: 'add' })}
                  data-testid="execution-add"
                >
                  {t('sprayings.add')}
                </Button>
              </>
            )}
          </Stack>
        </Stack>
        {sprayings.length === 0 ? (
          <Paper variant="outlined">
            <InlineMessage
              testId="execution-sprayings-empty"
              icon={<EventNoteOutlinedIcon />}
              title={t('sprayings.empty_title')}
              description={t('sprayings.empty_description')}
            />
          </Paper>
        ) : (
          <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {sprayings.map((spraying) => (
              <SprayingItem
                key={spraying.id}
                spraying={spraying}
                programId={program.id}
                cropId={program.crop_id}
                next={spraying.id === next?.id}
                format={format}
                units={units}
                onUndo={
                  canApply && !paused && spraying.data_realizada !== null
                    ? () => setOpen({ kind: 'undo', spraying })
                    : undefined
                }
                onEdit={canEdit ? () => setOpen({ kind: 'edit', spraying }) : undefined}
                onRecord={
                  spraying.data_realizada !== null
                    ? () => setOpen({ kind: 'record', spraying })
                    : undefined
                }
                onDelete={
                  canDelete && spraying.id === last?.id
                    ? () => setOpen({ kind: 'delete', spraying })
                    : undefined
                }
              />
            ))}
          </Stack>
        )}
      </Stack>

      {open?.kind === 'apply' && (
        <ApplyDialog
          title={t('apply.title', { number: open.spraying.aplicacao })}
          description={t('apply.description', {
            date: format.day(open.spraying.data_aplicacao_planejada),
          })}
          today={today}
          send={(day) =>
            sendOrKeep(
              owner,
              {
                kind: 'apply-spraying',
                farmId: farm.id,
                programId: program.id,
                ordinal: open.spraying.aplicacao,
                appliedAt: day,
                subject: `${program.nome || t('program.unnamed')} · ${varietyName}`,
              },
              () => applySpraying(program.id, open.spraying.aplicacao, day),
            )
          }
          onClose={close}
          onDone={(answer) => {
            if (answer === 'kept') {
              // No signal: it waits on the device; the record can be written once it is sent.
              close();
              notify({
                key: 'apply.kept',
                ns: 'execution',
                severity: 'info',
                values: { number: open.spraying.aplicacao },
              });
              return;
            }
            saved(answer, { key: 'apply.done', number: open.spraying.aplicacao });
            // Then what the application record holds (issue 30 item 5), all optional.
            setOpen({ kind: 'record', spraying: open.spraying });
          }}
        />
      )}
      {open?.kind === 'record' && (
        <ApplicationRecordDialog
          programId={program.id}
          ordinal={open.spraying.aplicacao}
          canEdit={canApply}
          onClose={close}
        />
      )}
      {open?.kind === 'undo' && (
        <ConfirmActionDialog
          id="execution-undo-dialog"
          title={t('undo.title', { number: open.spraying.aplicacao })}
          description={t('undo.description', { date: format.day(open.spraying.data_realizada!) })}
          confirmLabel={t('undo.confirm')}
          send={() => unapplySpraying(program.id, open.spraying.aplicacao)}
          onClose={close}
          onDone={(answer) => saved(answer, { key: 'undo.done', number: open.spraying.aplicacao })}
        />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDeleteDialog
          id="execution-delete-dialog"
          title={t('delete.title', { number: open.spraying.aplicacao })}
          description={t('delete.description', {
            number: open.spraying.aplicacao,
            date: format.day(
              open.spraying.data_realizada ?? open.spraying.data_aplicacao_planejada,
            ),
          })}
          cancelLabel={t('cancel')}
          confirmLabel={t('delete.confirm')}
          remove={async () => {
            saved(await deleteExecution(program.id, open.spraying.id), { key: 'delete.done' });
          }}
          onClose={close}
          onDeleted={close}
        />
      )}
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <ProgramApplicationDialog
          farm={farm}
          program={program}
          {...(open.kind === 'edit' ? { application: open.spraying } : {})}
          {...(open.kind === 'edit' && open.spraying.data_realizada !== null
            ? {
                appliedOn: {
                  value: open.spraying.data_realizada,
                  max: today,
                  min: sowing.data_semeadura,
                },
              }
            : {})}
          save={(body) =>
            open.kind === 'edit'
              ? updateExecution(program.id, open.spraying.id, body)
              : addExecution(program.id, body)
          }
          onClose={close}
          onSaved={(answer) => saved(answer, { key: 'saved' })}
        />
      )}
      {open?.kind === 'suggest' && (
        <ProgramSuggestionDialog
          farm={farm}
          program={program}
          format={format}
          add={addExecution}
          onClose={close}
          onSaved={(answer) => saved(answer, { key: 'saved' })}
        />
      )}
      {open?.kind === 'pause' && (
        <PauseDialog
          program={program}
          today={today}
          onClose={close}
          onDone={(answer) => saved(answer, { key: 'pause.done' })}
        />
      )}
      {open?.kind === 'resume' && (
        <ResumeDialog
          program={program}
          pausedAt={program.pausa?.paused_at ?? null}
          today={today}
          formatDay={format.day}
          onClose={close}
          onDone={(answer) => saved(answer, { key: 'resume.done' })}
        />
      )}
    </Stack>
  );
}
