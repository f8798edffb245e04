import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Divider,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import VerifiedUserOutlinedIcon from '@mui/icons-material/VerifiedUserOutlined';
import { ERROR_KEYS, activationBodySchema } from '@lavoura/domain';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { activateAccount, resendActivation } from '../../api/session';
import { FormTextField, useSchemaForm } from '../../lib/form-fields';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { MessagePanel } from '../../shell/message-panel';
import { AuthCard, AuthPage } from './auth-card';
import { formatWait, useCountdown } from './use-countdown';

/** The spec: the confirmation e-mail can be sent again every 3 minutes. */
const RESEND_INTERVAL_SECONDS = 180;

type Outcome =
  | { kind: 'idle' }
  | { kind: 'activating' }
  | { kind: 'activated' | 'already_active' }
  | { kind: 'refused'; error: unknown };

const CODE_KEYS: readonly string[] = [
  ERROR_KEYS.invalidActivationCode,
  ERROR_KEYS.activationCodeVoid,
];

function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const seconds = (
    error.body.context.additionalInfo as { retry_after_seconds?: unknown } | undefined
  )?.retry_after_seconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : null;
}

/** "Send the e-mail again", honouring the 3-minute wait the API enforces. */
function ResendEmail({ email, onAlreadyActive }: { email: string; onAlreadyActive: () => void }) {
  const { t } = useTranslation(['auth', 'errors']);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const left = useCountdown(waitUntil);

  const resend = async () => {
    setSending(true);
    setFailure(null);
    try {
      await resendActivation(email);
      setSent(true);
      setWaitUntil(Date.now() + RESEND_INTERVAL_SECONDS * 1000);
    } catch (error) {
      if (error instanceof ApiError && error.key === ERROR_KEYS.accountAlreadyActive) {
        onAlreadyActive();
        return;
      }
      const wait = retryAfterSeconds(error);
      if (error instanceof ApiError && error.key === ERROR_KEYS.resendTooSoon) {
        setWaitUntil(Date.now() + (wait ?? RESEND_INTERVAL_SECONDS) * 1000);
      } else {
        setFailure(error);
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack spacing={1.5} data-testid="resend">
      {sent && <Alert severity="success">{t('activate.resent', { email })}</Alert>}
      {failure !== null && <ApiErrorAlert error={failure} />}
      {left > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="resend-wait">
          {t('activate.resend_wait', { time: formatWait(left) })}
        </Typography>
      )}
      <Button
        variant="outlined"
        onClick={() => void resend()}
        disabled={sending || left > 0 || !email}
      >
        {t('activate.resend')}
      </Button>
    </Stack>
  );
}

/** E-mail and the 6-digit code, typed by hand (a link without them, or a new code). */
function ActivationForm({
  initialEmail,
  onSubmit,
  busy,
}: {
  initialEmail: string;
  onSubmit: (body: { email: string; code: string }) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const { control, handleSubmit } = useSchemaForm(activationBodySchema, {
    email: initialEmail,
    code: '',
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      data-testid="activation-form"
    >
      <Stack spacing={2.5}>
        <FormTextField
          control={control}
          name="email"
          label={t('field.email')}
          type="email"
          autoComplete="email"
          required
          fullWidth
        />
        <FormTextField
          control={control}
          name="code"
          label={t('field.code')}
          required
          fullWidth
          autoFocus={initialEmail !== ''}
          normalize={(value) => value.replace(/\D/g, '').slice(0, 6)}
          helperText={t('activate.code_help')}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: 6,
              style: { letterSpacing: '0.3em', fontSize: 20 },
            },
          }}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
          {t('activate.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

/**
 * /account/activate: the e-mail's link carries email and code and activates at once; without
 * them, a form. States of the spec: activated, already active, invalid or expired code (with the
 * e-mail sent again).
 */
export function ActivatePage() {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const linkEmail = params.get('email')?.trim() ?? '';
  const linkCode = params.get('code')?.trim() ?? '';
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const [email, setEmail] = useState(linkEmail);
  const started = useRef<string | null>(null);

  const activate = async (body: { email: string; code: string }) => {
    setEmail(body.email);
    setOutcome({ kind: 'activating' });
    try {
      const answer = await activateAccount(body);
      setOutcome({ kind: answer.status });
    } catch (error) {
      setOutcome({ kind: 'refused', error });
    }
  };

  // The link's email and code activate once (React runs effects twice in development).
  useEffect(() => {
    const link = `${linkEmail}\n${linkCode}`;
    const checked = activationBodySchema.safeParse({ email: linkEmail, code: linkCode });
    if (!checked.success || started.current === link) return;
    started.current = link;
    const timer = setTimeout(() => void activate(checked.data), 0);
    return () => clearTimeout(timer);
  }, [linkEmail, linkCode]);

  const toLogin = (
    <Button component={RouterLink} to="/login" state={{ email }} variant="contained">
      {t('activate.go_login')}
    </Button>
  );

  if (outcome.kind === 'activated' || outcome.kind === 'already_active') {
    const done = outcome.kind === 'activated';
    return (
      <MessagePanel
        testId={done ? 'activation-activated' : 'activation-already-active'}
        icon={done ? <CheckCircleOutlineIcon /> : <VerifiedUserOutlinedIcon />}
        title={t(done ? 'activate.activated_title' : 'activate.already_title')}
        description={t(done ? 'activate.activated_description' : 'activate.already_description')}
        actions={toLogin}
      />
    );
  }

  if (outcome.kind === 'activating') {
    return (
      <AuthPage>
        <AuthCard title={t('activate.title')} testId="activation-pending">
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={24} />
            <Typography>{t('activate.activating')}</Typography>
          </Stack>
        </AuthCard>
      </AuthPage>
    );
  }

  const refusedKey =
    outcome.kind === 'refused'
      ? outcome.error instanceof ApiError
        ? outcome.error.key
        : ERROR_KEYS.unexpected
      : null;
  const codeProblem = refusedKey !== null && CODE_KEYS.includes(refusedKey);
  const notFound = refusedKey === ERROR_KEYS.userNotFound;

  return (
    <AuthPage>
      <AuthCard
        title={t(codeProblem ? 'activate.code_problem_title' : 'activate.title')}
        subtitle={codeProblem || notFound ? undefined : t('activate.subtitle')}
        testId={codeProblem ? 'activation-code-problem' : 'activation-manual'}
      >
        <Stack spacing={2.5}>
          {outcome.kind === 'refused' &&
            (refusedKey && (codeProblem || notFound) ? (
              <Alert
                severity="error"
                icon={<ErrorOutlineIcon />}
                data-testid="activation-error"
                data-key={refusedKey}
              >
                {t(refusedKey, { ns: 'errors' })}
                {notFound && (
                  <>
                    {' '}
                    <Link component={RouterLink} to="/signup">
                      {t('activate.signup_instead')}
                    </Link>
                  </>
                )}
              </Alert>
            ) : (
              <ApiErrorAlert error={outcome.error} />
            ))}
          {codeProblem && email && (
            <>
              <Typography color="text.secondary">{t('activate.resend_help', { email })}</Typography>
              <ResendEmail
                email={email}
                onAlreadyActive={() => setOutcome({ kind: 'already_active' })}
              />
              <Divider>{t('activate.or_type_code')}</Divider>
            </>
          )}
          <ActivationForm
            key={email}
            initialEmail={email}
            busy={false}
            onSubmit={(body) => void activate(body)}
          />
          {!codeProblem && email && (
            <ResendEmail
              email={email}
              onAlreadyActive={() => setOutcome({ kind: 'already_active' })}
            />
          )}
        </Stack>
      </AuthCard>
    </AuthPage>
  );
}
