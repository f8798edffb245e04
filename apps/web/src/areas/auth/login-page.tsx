import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import { ERROR_KEYS, loginBodySchema, type LoginBody } from '@lavoura/domain';
import { Link as RouterLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { login } from '../../api/session';
import { ensureNamespace, loadNamespaces, useLanguage } from '../../lib/i18n';
import { useSignIn } from '../../app/session/session-actions';
import { clearEndReason, useSessionState } from '../../app/session/session-store';
import { z } from 'zod/mini';
import {
  apiFieldErrors,
  fieldErrorText,
  requiredWhenEmpty,
  schemaFieldErrors,
  type FieldErrors,
} from '../../lib/field-errors';
import { PasswordField } from '../../lib/password-field';
import { TextInput } from '../../lib/text-input';
import { formatDateOnly } from '../../lib/date-only';
import { SUPPORT_EMAIL } from '../../shell/contact';
import { AuthCard } from './auth-card';
import { LoginShowcase } from './login-showcase';

// Most sign-ins never open "forgot password": its dialog (and MUI's Dialog) loads on the first
// click, with the error texts its form tells.
const ForgotPasswordDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('./forgot-password-dialog'),
    loadNamespaces(['errors']),
  ]);
  return { default: module.ForgotPasswordDialog };
});

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The date a contract starts, from the refusal's additionalInfo ({date: 'YYYY-MM-DD'}). */
function contractDate(error: ApiError): string | null {
  const date = (error.body.context.additionalInfo as { date?: unknown } | undefined)?.date;
  return typeof date === 'string' && DATE_ONLY.test(date) ? date : null;
}

/** A refused sign-in in the user's words, with what they can do about it. */
function LoginRefusal({
  error,
  email,
  onForgotPassword,
}: {
  error: unknown;
  email: string;
  onForgotPassword: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const language = useLanguage();
  const key = error instanceof ApiError ? error.key : ERROR_KEYS.unexpected;
  const date = error instanceof ApiError ? contractDate(error) : null;
  const message = t([key, ERROR_KEYS.unexpected], {
    ns: 'errors',
    date: date ? formatDateOnly(date, language) : '',
    // The error texts could not be fetched: the connection is what failed.
    defaultValue: t('login.unreachable'),
  });

  let action = null;
  let note: string | null = null;
  if (key === ERROR_KEYS.accountNotActivated) {
    action = (
      <Button
        color="inherit"
        size="small"
        component={RouterLink}
        to={`/account/activate?email=${encodeURIComponent(email.trim())}`}
      >
        {t('login.activate_action')}
      </Button>
    );
  } else if (key === ERROR_KEYS.temporaryPasswordExpired) {
    action = (
      <Button color="inherit" size="small" onClick={onForgotPassword}>
        {t('login.forgot')}
      </Button>
    );
  } else if (key === ERROR_KEYS.contractNotStarted || key === ERROR_KEYS.noContracts) {
    note = t('login.support_note', { email: SUPPORT_EMAIL });
  }

  return (
    <Alert
      severity={key === ERROR_KEYS.contractNotStarted ? 'info' : 'error'}
      action={action}
      data-testid="login-error"
      data-key={key}
    >
      {message}
      {note && (
        <Typography variant="body2" component="span" sx={{ display: 'block', mt: 0.5 }}>
          {note}
        </Typography>
      )}
    </Alert>
  );
}

/** How the last session ended, told once; not at all when its text could not be fetched. */
function SessionEndedNotice({ reason }: { reason: string }) {
  // Naming `errors` here fetches its texts, on this page only when there is a reason to tell.
  const { t, i18n, ready } = useTranslation(['auth', 'errors']);
  if (!ready || !i18n.hasResourceBundle(i18n.language, 'errors')) return null;
  return (
    <Alert severity="info" onClose={clearEndReason} data-testid="session-ended">
      {t([reason, ERROR_KEYS.unexpected], { ns: 'errors' })}
    </Alert>
  );
}

/**
 * /login: e-mail and password; the guard leaves the page once the session exists. The error
 * texts (namespace errors) are no part of the page's first download, since most visits sign in
 * without one: they load with the first submit, beside the check and the request.
 */
export function LoginPage() {
  const { t } = useTranslation('auth');
  const language = useLanguage();
  const location = useLocation();
  const signIn = useSignIn();
  const { endReason } = useSessionState();
  const prefilled = (location.state as { email?: unknown } | null)?.email;
  // Two fields checked on submit by the contract, as the other forms are (lib/form-fields), but
  // without react-hook-form: the sign-in page is the first download of most visits.
  const [values, setValues] = useState<LoginBody>({
    email: typeof prefilled === 'string' ? prefilled : '',
    password: '',
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const { email } = values;
  const [refusal, setRefusal] = useState<unknown>(null);
  // Stays busy once signed in: the guard leaves the page.
  const [signedIn, setSignedIn] = useState(false);
  const [forgotKey, setForgotKey] = useState(0);
  const [forgotOpen, setForgotOpen] = useState(false);

  const openForgot = () => {
    setForgotKey((key) => key + 1);
    setForgotOpen(true);
  };

  /** Editing a field drops its message (a server one too) until the next submit. */
  const edit = (field: keyof LoginBody) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };
  const fieldProps = (field: keyof LoginBody) => {
    const message = errors[field];
    return {
      name: field,
      value: values[field],
      onChange: edit(field),
      error: message !== undefined,
      helperText: message === undefined ? undefined : fieldErrorText(t, message, language),
    };
  };

  const send = async () => {
    setRefusal(null);
    const errorTexts = ensureNamespace('errors');
    const invalid = Object.entries(schemaFieldErrors(loginBodySchema, values));
    if (invalid.length > 0) {
      // Without their texts (offline) the fields cannot be told: the refusal says the connection.
      if (!(await errorTexts)) {
        setRefusal(new Error('The error texts could not be fetched'));
        return;
      }
      setErrors(
        Object.fromEntries(
          invalid.map(([field, message = '']) => [
            field,
            requiredWhenEmpty(message, values[field as keyof LoginBody]),
          ]),
        ),
      );
      return;
    }
    setErrors({});
    const body = z.parse(loginBodySchema, values);
    setSubmitting(true);
    try {
      const answer = await login(body);
      clearEndReason();
      signIn(answer, body.password);
      setSignedIn(true);
    } catch (error) {
      const fields = (await errorTexts) ? apiFieldErrors(error) : {};
      if (Object.keys(fields).length > 0) setErrors(fields);
      else setRefusal(error);
    } finally {
      setSubmitting(false);
    }
  };
  // One sign-in at a time: a second submit that comes before the button shows itself busy (Enter
  // and a click, a password manager's own submit, a double tap) would send the attempt twice.
  const inFlight = useRef(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    inFlight.current = true;
    void send().finally(() => {
      inFlight.current = false;
    });
  };
  const sending = submitting || signedIn;

  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: '1.15fr 1fr' },
        minHeight: { md: 'calc(100vh - 64px)' },
      }}
    >
      <LoginShowcase />
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
        <AuthCard title={t('login.title')} subtitle={t('login.subtitle')} testId="login-page">
          <Box component="form" noValidate onSubmit={submit}>
            <Stack spacing={2.5}>
              {endReason && <SessionEndedNotice reason={endReason} />}
              {refusal !== null && (
                <LoginRefusal error={refusal} email={email} onForgotPassword={openForgot} />
              )}
              <TextInput
                {...fieldProps('email')}
                label={t('field.email')}
                type="email"
                autoComplete="username"
                autoFocus
                required
                fullWidth
              />
              <PasswordField
                {...fieldProps('password')}
                label={t('field.password')}
                autoComplete="current-password"
                required
                fullWidth
              />
              <Box sx={{ textAlign: 'right', mt: '8px !important' }}>
                <Link component="button" type="button" variant="body2" onClick={openForgot}>
                  {t('login.forgot')}
                </Link>
              </Box>
              <Button type="submit" variant="contained" size="large" disabled={sending} fullWidth>
                {t(sending ? 'login.submitting' : 'login.submit')}
              </Button>
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
                {t('login.no_account')}{' '}
                <Link component={RouterLink} to="/signup">
                  {t('login.signup_link')}
                </Link>
              </Typography>
            </Stack>
          </Box>
        </AuthCard>
      </Box>
      {forgotKey > 0 && (
        <Suspense fallback={null}>
          <ForgotPasswordDialog
            key={forgotKey}
            open={forgotOpen}
            initialEmail={email}
            onClose={() => setForgotOpen(false)}
          />
        </Suspense>
      )}
    </Box>
  );
}
