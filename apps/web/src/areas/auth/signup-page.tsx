import { useId, useState } from 'react';
import { Alert, Box, Button, Link, Stack, Typography } from '@mui/material';
import MarkEmailReadOutlinedIcon from '@mui/icons-material/MarkEmailReadOutlined';
import {
  COUNTRY_IDS,
  ERROR_KEYS,
  registerBodySchema,
  type CountryId,
  type Language,
} from '@lavoura/domain';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { useCountries } from '../../api/reference';
import { register } from '../../api/session';
import { useLanguage } from '../../lib/i18n';
import { setApiFieldErrors } from '../../lib/field-errors';
import {
  FormCheckboxField,
  FormSelectField,
  useLanguageOptions,
} from '../../lib/form-choice-fields';
import { FormPasswordField, FormTextField, useSchemaForm } from '../../lib/form-fields';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { MessagePanel } from '../../shell/message-panel';
import { PasswordChecklist } from '../../shell/password-checklist';
import { TermsLabel } from '../../shell/terms-label';
import { AuthCard, AuthPage } from './auth-card';

/** The contract's body and the acceptance of the terms of use, which the API takes as given. */
const signupSchema = z.extend(registerBodySchema, {
  // Not an errors key: i18next reads the namespace from the key.
  terms: z.boolean().check(z.refine(Boolean, { message: 'auth:signup.terms_required' })),
});

const DEFAULT_COUNTRY: Record<Language, CountryId> = {
  pt: COUNTRY_IDS.brazil,
  es: COUNTRY_IDS.paraguay,
  en: COUNTRY_IDS.usa,
};

function activationPath(email: string): string {
  return `/account/activate?email=${encodeURIComponent(email)}`;
}

/**
 * After sign-up: the activation e-mail is on its way. The server answers the same whether or not
 * the address already had an account (nobody learns who uses Lavoura); in that case the e-mail it
 * sent says how to sign in, and this screen says so where the user is looking.
 */
function CheckYourEmail({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <MessagePanel
      testId="signup-done"
      icon={<MarkEmailReadOutlinedIcon />}
      title={t('signup.done_title')}
      description={t('signup.done_description', { email })}
      note={
        <Alert severity="info" data-testid="signup-existing-note">
          {t('signup.done_existing')}
        </Alert>
      }
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
  const languages = useLanguageOptions();
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useSchemaForm(signupSchema, {
    name: '',
    email: '',
    password: '',
    account_name: '',
    country_id: DEFAULT_COUNTRY[uiLanguage],
    language: uiLanguage,
    terms: false,
  });
  const [email, password, countryId, language] = useWatch({
    control,
    name: ['email', 'password', 'country_id', 'language'],
  });
  const [failure, setFailure] = useState<unknown>(null);
  const [registered, setRegistered] = useState<string | null>(null);

  if (registered) {
    return <CheckYourEmail email={registered} />;
  }

  const submit = handleSubmit(
    async ({ terms: _accepted, ...body }) => {
      setFailure(null);
      try {
        await register(body);
        setRegistered(body.email);
      } catch (error) {
        const taken = { [ERROR_KEYS.userAlreadyExists]: 'email' } as const;
        if (!setApiFieldErrors(error, setError, taken)) setFailure(error);
      }
    },
    () => setFailure(null),
  );

  return (
    <AuthPage>
      <AuthCard title={t('signup.title')} subtitle={t('signup.subtitle')} testId="signup-page" wide>
        <Box component="form" noValidate onSubmit={submit}>
          <Stack spacing={2.5}>
            {failure !== null && <ApiErrorAlert error={failure} />}
            <FormTextField
              control={control}
              name="name"
              label={t('field.name')}
              autoComplete="name"
              required
              fullWidth
            />
            <FormTextField
              control={control}
              name="email"
              label={t('field.email')}
              type="email"
              autoComplete="email"
              required
              fullWidth
              errorAction={
                errors.email?.message === ERROR_KEYS.userAlreadyExists && (
                  <Link component={RouterLink} to="/login" state={{ email }}>
                    {t('signup.login_instead')}
                  </Link>
                )
              }
            />
            <FormPasswordField
              control={control}
              name="password"
              label={t('field.password')}
              autoComplete="new-password"
              required
              fullWidth
              slotProps={{ htmlInput: { 'aria-describedby': checklistId } }}
            />
            <PasswordChecklist password={password} id={checklistId} />
            <FormTextField
              control={control}
              name="account_name"
              label={t('field.account_name')}
              autoComplete="organization"
              required
              fullWidth
              helperText={t('signup.account_name_help')}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormSelectField
                control={control}
                name="country_id"
                label={t('field.country')}
                required
                fullWidth
                options={(countries.data ?? []).map((country) => ({
                  value: country.id,
                  label: t(country.message_key, { ns: 'reference' }),
                }))}
                disabled={!countries.isSuccess}
                error={countries.isError}
                helperText={countries.isError ? t('signup.countries_failed') : undefined}
              />
              <FormSelectField
                control={control}
                name="language"
                label={t('field.language')}
                required
                fullWidth
                options={languages}
                helperText={t('signup.language_help')}
              />
            </Stack>
            <FormCheckboxField
              control={control}
              name="terms"
              label={
                <TermsLabel
                  i18nKey="signup.accept_terms"
                  countryId={countryId}
                  language={language}
                />
              }
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={isSubmitting}
              fullWidth
            >
              {t(isSubmitting ? 'signup.submitting' : 'signup.submit')}
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
