import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { profileUpdateBodySchema, type PhoneCountry } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { sessionKeys, updateProfile, type SessionUser } from '../../api/session';
import { changeLanguage, useLanguage } from '../../lib/i18n';
import { useSignedIn } from '../../app/session/signed-in';
import { setApiFieldErrors } from '../../lib/field-errors';
import { FormPhoneField, FormSelectField, useLanguageOptions } from '../../lib/form-choice-fields';
import { FormTextField, useSchemaForm } from '../../lib/form-fields';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { nationalPart, phoneCountryOf, phoneValueSchema } from '../../lib/phone-input';
import { useShellUi } from '../../shell/shell-ui';

/** One's own name, language and phone: the contract of PUT /api/profile, with the phone input. */
const profileSchema = z.extend(profileUpdateBodySchema, {
  phone: z.pipe(phoneValueSchema, profileUpdateBodySchema.shape.phone),
});

const COUNTRY_PHONE: Record<number, PhoneCountry> = { 1: 'BR', 2: 'PY', 3: 'US' };

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography sx={{ overflowWrap: 'anywhere' }}>{value}</Typography>
    </Box>
  );
}

/** /profile: one's own name, language and phone; e-mail, account, profile and plan shown. */
export function ProfilePage() {
  const { t } = useTranslation(['profile', 'errors', 'reference', 'common']);
  const uiLanguage = useLanguage();
  const queryClient = useQueryClient();
  const languages = useLanguageOptions();
  const { user } = useSignedIn();
  const { notify, openChangePassword } = useShellUi();
  const storedPhone = user.phones[0];
  const phoneCountry = phoneCountryOf(storedPhone, COUNTRY_PHONE[user.account.country_id] ?? 'BR');
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(profileSchema, {
    name: user.name,
    language: user.language,
    phone: { country: phoneCountry, number: nationalPart(storedPhone, phoneCountry) },
  });
  const [failure, setFailure] = useState<unknown>(null);

  const submit = handleSubmit(
    async (body) => {
      setFailure(null);
      try {
        const saved = await updateProfile(body);
        queryClient.setQueryData<SessionUser>(sessionKeys.user, saved);
        if (saved.language !== uiLanguage) await changeLanguage(saved.language);
        notify({ key: 'saved', ns: 'profile', severity: 'success' });
      } catch (error) {
        if (!setApiFieldErrors(error, setError)) setFailure(error);
      }
    },
    () => setFailure(null),
  );

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }} data-testid="profile-page">
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
          {t('title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('subtitle')}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1.5fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2.5 }}>
              {t('personal.title')}
            </Typography>
            <Box component="form" noValidate onSubmit={submit}>
              <Stack spacing={2.5}>
                {failure !== null && <ApiErrorAlert error={failure} />}
                <TextField
                  label={t('field.email')}
                  value={user.email}
                  disabled
                  fullWidth
                  helperText={t('email_help')}
                  // The help says why the field is locked: it must stay readable (text.disabled
                  // grey fails the contrast rule).
                  slotProps={{
                    formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } },
                  }}
                />
                <FormTextField
                  control={control}
                  name="name"
                  label={t('field.name')}
                  autoComplete="name"
                  required
                  fullWidth
                />
                <FormSelectField
                  control={control}
                  name="language"
                  label={t('field.language')}
                  fullWidth
                  options={languages}
                  helperText={t('language_help')}
                />
                <FormPhoneField control={control} name="phone" label={t('field.phone')} />
                <Box>
                  <Button type="submit" variant="contained" disabled={isSubmitting}>
                    {t('save')}
                  </Button>
                </Box>
              </Stack>
            </Box>
          </CardContent>
        </Card>
        <Card>
          <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
            <Typography variant="h6" component="h2" sx={{ mb: 2.5 }}>
              {t('account.title')}
            </Typography>
            <Stack spacing={2} divider={<Divider flexItem />}>
              <Detail label={t('account.account')} value={user.account.name} />
              <Detail
                label={t('account.profile')}
                value={t(user.user_profile.message_key, { ns: 'reference' })}
              />
              <Detail
                label={t('account.plan')}
                value={t(user.plan.message_key, { ns: 'reference' })}
              />
              <Detail
                label={t('account.job_title')}
                value={
                  user.job_title
                    ? t(user.job_title.message_key, { ns: 'reference' })
                    : t('account.no_job_title')
                }
              />
            </Stack>
            <Button
              variant="outlined"
              startIcon={<KeyOutlinedIcon />}
              onClick={openChangePassword}
              sx={{ mt: 3 }}
            >
              {t('change_password')}
            </Button>
          </CardContent>
        </Card>
      </Box>
    </Stack>
  );
}
