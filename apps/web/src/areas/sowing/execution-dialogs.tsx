import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
} from '@mui/material';
import { PAUSE_DESCRIPTION_MAX } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../lib/date-field';
import {
  pauseProgram,
  resumeProgram,
  usePauseReasons,
  type ExecutionProgram,
} from '../../api/executions';
import { ApiErrorAlert } from '../../shell/api-error-alert';

/**
 * The execution page's small dialogs: each sends one call and keeps the API's refusal in view
 * (a paused program, a sowing of another season…) until it succeeds or is cancelled.
 */
function ActionDialog<T = ExecutionProgram>({
  id,
  title,
  description,
  confirmLabel,
  children,
  send,
  check,
  onClose,
  onDone,
}: {
  /** Names the dialog for tests and labels its title. */
  id: string;
  title: string;
  description: string;
  confirmLabel: string;
  children?: ReactNode;
  send: () => Promise<T>;
  /** False: the form shows what to fix and sends nothing. */
  check?: () => boolean;
  onClose: () => void;
  onDone: (answer: T) => void;
}) {
  const { t } = useTranslation('execution');
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (check && !check()) return;
    setSending(true);
    setFailure(null);
    try {
      onDone(await send());
    } catch (error) {
      setFailure(error);
      setSending(false);
    }
  };
  return (
    <Dialog
      open
      onClose={sending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={`${id}-title`}
      data-testid={id}
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText>{description}</DialogContentText>
            {children}
            {failure !== null && (
              <Box data-testid={`${id}-error`}>
                <ApiErrorAlert error={failure} />
              </Box>
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
            data-testid={`${id}-confirm`}
          >
            {confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function SprayDayField({
  label,
  value,
  onChange,
  error,
  max,
  testId,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  max?: string | undefined;
  testId: string;
}) {
  return (
    <DateField
      required
      label={label}
      value={value}
      onChange={onChange}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { 'data-testid': testId, ...(max ? { max } : {}) } }}
    />
  );
}

/**
 * "Record spray N": the day it was sprayed, today by default, never in the future. Without signal
 * `send` keeps it on the device and answers 'kept' (app/offline/outbox-sync.ts).
 */
export function ApplyDialog({
  title,
  description,
  today,
  send,
  onClose,
  onDone,
}: {
  title: string;
  description: string;
  /** The farm's today. */
  today: string;
  send: (appliedAt: string) => Promise<ExecutionProgram | 'kept'>;
  onClose: () => void;
  onDone: (program: ExecutionProgram | 'kept') => void;
}) {
  const { t } = useTranslation('execution');
  const [date, setDate] = useState(today);
  const [checked, setChecked] = useState(false);
  const invalid = date === '' || date > today;
  return (
    <ActionDialog<ExecutionProgram | 'kept'>
      id="execution-apply-dialog"
      title={title}
      description={description}
      confirmLabel={t('apply.confirm')}
      check={() => {
        setChecked(true);
        return !invalid;
      }}
      send={() => send(date)}
      onClose={onClose}
      onDone={onDone}
    >
      <SprayDayField
        label={t('apply.date')}
        value={date}
        onChange={setDate}
        max={today}
        error={checked && invalid ? t('apply.date_invalid') : undefined}
        testId="execution-apply-date"
      />
    </ActionDialog>
  );
}

/** A yes-or-no action on a spraying (undo an application). */
export function ConfirmActionDialog(props: {
  id: string;
  title: string;
  description: string;
  confirmLabel: string;
  send: () => Promise<ExecutionProgram>;
  onClose: () => void;
  onDone: (program: ExecutionProgram) => void;
}) {
  return <ActionDialog {...props} />;
}

/**
 * Pause the program: a climate reason (drought, hail, lodging, frost, other: 'other' needs a
 * description, as the API requires) and the day it started.
 */
export function PauseDialog({
  program,
  today,
  onClose,
  onDone,
}: {
  program: ExecutionProgram;
  today: string;
  onClose: () => void;
  onDone: (program: ExecutionProgram) => void;
}) {
  const { t } = useTranslation(['execution', 'reference']);
  const reasons = usePauseReasons();
  const [reasonId, setReasonId] = useState('');
  const [details, setDetails] = useState('');
  const [date, setDate] = useState(today);
  const [checked, setChecked] = useState(false);
  const reason = reasons.data?.find((row) => String(row.id) === reasonId);
  const reasonMissing = !reason;
  const detailsMissing = Boolean(reason?.requires_description) && details.trim() === '';
  const dateMissing = date === '';

  let choices;
  if (reasons.isError && !reasons.data)
    choices = (
      <ApiErrorAlert
        error={reasons.error}
        onRetry={() => void reasons.refetch()}
        retryLabel={t('retry')}
      />
    );
  else if (!reasons.data)
    choices = (
      <Box role="status" aria-label={t('loading')} data-testid="pause-reasons-loading">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={36} />
        ))}
      </Box>
    );
  else
    choices = (
      <FormControl required error={checked && reasonMissing}>
        <FormLabel id="pause-reason-label">{t('pause.reason')}</FormLabel>
        <RadioGroup
          aria-labelledby="pause-reason-label"
          value={reasonId}
          onChange={(event) => setReasonId(event.target.value)}
          data-testid="pause-reasons"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' } }}
        >
          {reasons.data.map((row) => (
            <FormControlLabel
              key={row.id}
              value={String(row.id)}
              control={<Radio />}
              label={t(row.message_key, { ns: 'reference' })}
              data-testid={`pause-reason-${row.code}`}
            />
          ))}
        </RadioGroup>
        {checked && reasonMissing && <FormHelperText>{t('pause.reason_required')}</FormHelperText>}
      </FormControl>
    );

  return (
    <ActionDialog
      id="execution-pause-dialog"
      title={t('pause.title')}
      description={t('pause.description')}
      confirmLabel={t('pause.confirm')}
      check={() => {
        setChecked(true);
        return !reasonMissing && !detailsMissing && !dateMissing;
      }}
      send={() =>
        pauseProgram(program.id, {
          reason_id: reason!.id,
          description: details.trim() || null,
          paused_at: date,
        })
      }
      onClose={onClose}
      onDone={onDone}
    >
      {choices}
      <TextField
        label={t('pause.details')}
        required={Boolean(reason?.requires_description)}
        value={details}
        onChange={(event) => setDetails(event.target.value)}
        multiline
        minRows={2}
        error={checked && detailsMissing}
        helperText={
          checked && detailsMissing
            ? t('pause.details_required')
            : [
                reason?.requires_description ? null : t('pause.details_optional'),
                t('pause.details_left', {
                  count: PAUSE_DESCRIPTION_MAX - details.length,
                  max: PAUSE_DESCRIPTION_MAX,
                }),
              ]
                .filter(Boolean)
                .join(' · ')
        }
        slotProps={{
          htmlInput: { maxLength: PAUSE_DESCRIPTION_MAX, 'data-testid': 'pause-details' },
          formHelperText: { 'data-testid': 'pause-details-helper' } as object,
        }}
      />
      <SprayDayField
        label={t('pause.date')}
        value={date}
        onChange={setDate}
        error={checked && dateMissing ? t('errors:field.required') : undefined}
        testId="pause-date"
      />
      {checked && (reasonMissing || detailsMissing) && reasons.data && (
        <Alert severity="warning" data-testid="pause-fix">
          {reasonMissing ? t('pause.reason_required') : t('pause.details_required')}
        </Alert>
      )}
    </ActionDialog>
  );
}

/** Resume the program on a day (today by default), not before its pause started. */
export function ResumeDialog({
  program,
  pausedAt,
  today,
  formatDay,
  onClose,
  onDone,
}: {
  program: ExecutionProgram;
  /** The pause's first day, when the API says it. */
  pausedAt: string | null;
  today: string;
  formatDay: (value: string) => string;
  onClose: () => void;
  onDone: (program: ExecutionProgram) => void;
}) {
  const { t } = useTranslation('execution');
  const [date, setDate] = useState(today);
  const [checked, setChecked] = useState(false);
  const invalid = date === '' || (pausedAt !== null && date < pausedAt);
  return (
    <ActionDialog
      id="execution-resume-dialog"
      title={t('resume.title')}
      description={t('resume.description')}
      confirmLabel={t('resume.confirm')}
      check={() => {
        setChecked(true);
        return !invalid;
      }}
      send={() => resumeProgram(program.id, date)}
      onClose={onClose}
      onDone={onDone}
    >
      <SprayDayField
        label={t('resume.date')}
        value={date}
        onChange={setDate}
        error={
          !checked || !invalid
            ? undefined
            : date === ''
              ? t('errors:field.required')
              : t('resume.date_invalid', { date: formatDay(pausedAt!) })
        }
        testId="resume-date"
      />
    </ActionDialog>
  );
}
