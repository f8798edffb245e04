import { useId, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import {
  COUNTRY_IDS,
  IDENTITY_ERROR_KEYS,
  LANGUAGES,
  isLanguage,
  registerBodySchema,
  type Language,
  type RegisterBody,
} from '@lavoura/domain';
import { Link as RouterLink } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { useCountries } from '../../api/reference';
import { register } from '../../api/session';
import { useLanguage } from '../../app/i18n';
import { apiFieldErrors, schemaFieldErrors, type FieldErrors } from '../../lib/field-errors';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { MessagePanel } from '../../shell/message-panel';
import { PasswordChecklist } from '../../shell/password-checklist';
import { PasswordField } from '../../shell/password-field';
import { termsCountryOf, termsPath } from '../../shell/terms';
import { AuthCard, AuthPage } from './auth-card';

const DEFAULT_COUNTRY: Record<Language, number> = {
  pt: COUNTRY_IDS.brazil,
  es: COUNTRY_IDS.paraguay,
  en: COUNTRY_IDS.usa,
};

export function activationPath(email: string): string {
  return `/account/activate?email=${encodeURIComponent(email)}`;
}

/** After sign-up: the activation e-mail is on its way. */
function CheckYourEmail({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <MessagePanel
      testId="signup-done"
      icon={<MarkEmailReadOutlinedIcon />}
      title={t('signup.done_title')}
      description={t('signup.done_description', { email })}
      actions={
        <>
          <Button component={RouterLink} to={activationPath(email)} variant="contained">
            {t('signup.done_activate')}
          </Button>
          <Button component={RouterLink} to="/login" variant="outlined">
            {t('signup.done_login')}
          </Button>
        </>
      }
    />
  );
}

/** /signup: a new Freemium account and its administrator, inactive until the e-mail's code. */
export function SignupPage() {
  const { t } = useTranslation(['auth', 'errors', 'reference', 'common']);
  const uiLanguage = useLanguage();
  const countries = useCountries();
  const checklistId = useId();
  const [values, setValues] = useState({
    name: '',
    email: '',
    password: '',
    account_name: '',
    country_id: String(DEFAULT_COUNTRY[uiLanguage]),
    language: uiLanguage as string,
  });
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [sending, setSending] = useState(false);
  const [registered, setRegistered] = useState<string | null>(null);

  if (registered) {
    return <CheckYourEmail email={registered} />;
  }

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const helper = (field: string) => errors[field] && t(errors[field], { ns: 'errors' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...values,
      country_id: Number(values.country_id),
      language: isLanguage(values.language) ? values.language : uiLanguage,
    } as RegisterBody;
    const checked = registerBodySchema.safeParse(body);
    const found = schemaFieldErrors(checked, body);
    if (!accepted) found.terms = 'signup.terms_required';
    setErrors(found);
    setFailure(null);
    if (!checked.success || !accepted) return;
    setSending(true);
    try {
      const answer = await register(checked.data);
      setRegistered(answer.email);
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (error instanceof ApiError && error.key === IDENTITY_ERROR_KEYS.userAlreadyExists) {
        fields.email = error.key;
      }
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <AuthPage>
      <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')} testId="signup-page" wide>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            {failure !== null && <ApiErrorAlert error={failure} />}
            <TextField
              label={t('field.name')}
              name="name"
              autoComplete="name"
              required
              fullWidth
              value={values.name}
              onChange={set('name')}
              error={!!errors.name}
              helperText={helper('name')}
            />
            <TextField
              label={t('field.email')}
              name="email"
              type="email"
              autoComplete="email"
              required
              fullWidth
              value={values.email}
              onChange={set('email')}
              error={!!errors.email}
              helperText={
                errors.email === IDENTITY_ERROR_KEYS.userAlreadyExists ? (
                  <>
                    {helper('email')}{' '}
                    <Link component={RouterLink} to="/login" state={{ email: values.email }}>
                      {t('signup.login_instead')}
                    </Link>
                  </>
                ) : (
                  helper('email')
                )
              }
            />
            <PasswordField
              label={t('field.password')}
              name="password"
              autoComplete="new-password"
              required
              fullWidth
              value={values.password}
              onChange={set('password')}
              error={!!errors.password}
              helperText={helper('password')}
              slotProps={{ htmlInput: { 'aria-describedby': checklistId } }}
            />
            <PasswordChecklist password={values.password} id={checklistId} />
            <TextField
              label={t('field.account_name')}
              name="account_name"
              autoComplete="organization"
              required
              fullWidth
              value={values.account_name}
              onChange={set('account_name')}
              error={!!errors.account_name}
              helperText={helper('account_name') ?? t('signup.account_name_help')}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('field.country')}
                name="country_id"
                required
                fullWidth
                value={countries.isSuccess ? values.country_id : ''}
                onChange={set('country_id')}
                disabled={!countries.isSuccess}
                error={!!errors.country_id || countries.isError}
                helperText={
                  helper('country_id') ??
                  (countries.isError ? t('signup.countries_failed') : undefined)
                }
              >
                {(countries.data ?? []).map((country) => (
                  <MenuItem key={country.id} value={String(country.id)}>
                    {t(country.message_key, { ns: 'reference' })}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                select
                label={t('field.language')}
                name="language"
                required
                fullWidth
                value={values.language}
                onChange={set('language')}
                helperText={t('signup.language_help')}
              >
                {LANGUAGES.map((code) => (
                  <MenuItem key={code} value={code} lang={code}>
                    {t(`language.${code}`, { ns: 'common' })}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <Box>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={accepted}
                    onChange={(event) => {
                      setAccepted(event.target.checked);
                      setErrors((current) => ({ ...current, terms: undefined }));
                    }}
                  />
                }
                label={
                  <Trans
                    t={t}
                    i18nKey="signup.accept_terms"
                    components={{
                      terms: (
                        <Link
                          component={RouterLink}
                          to={termsPath(
                            termsCountryOf(Number(values.country_id)),
                            isLanguage(values.language) ? values.language : uiLanguage,
                          )}
                          target="_blank"
                          rel="noopener"
                        />
                      ),
                    }}
                  />
                }
              />
              {errors.terms && <FormHelperText error>{t(errors.terms)}</FormHelperText>}
            </Box>
            <Button type="submit" variant="contained" size="large" disabled={sending} fullWidth>
              {t(sending ? 'signup.submitting' : 'signup.submit')}
            </Button>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('signup.have_account')}{' '}
              <Link component={RouterLink} to="/login">
                {t('signup.login_link')}
              </Link>
            </Typography>
          </Stack>
        </Box>
      </AuthCard>
    </AuthPage>
  );
}
