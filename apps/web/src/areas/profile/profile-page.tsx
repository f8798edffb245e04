import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import { useQueryClient } from '@tanstack/react-query';
import {
  LANGUAGES,
  isLanguage,
  toE164,
  userUpdateBodySchema,
  type Language,
  type PhoneCountry,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { sessionKeys, updateProfile, type SessionUser } from '../../api/session';
import { changeLanguage, useLanguage } from '../../app/i18n';
import { useSignedIn } from '../../app/session/signed-in';
import { apiFieldErrors, schemaFieldErrors, type FieldErrors } from '../../lib/field-errors';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { PhoneInput, nationalPart, phoneCountryOf, type PhoneValue } from '../../shell/phone-input';
import { useShellUi } from '../../shell/shell-ui';

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
  const { user } = useSignedIn();
  const { notify, openChangePassword } = useShellUi();
  const storedPhone = user.phones[0];
  const phoneCountry = phoneCountryOf(storedPhone, COUNTRY_PHONE[user.account.country_id] ?? 'BR');
  const [name, setName] = useState(user.name);
  const [language, setLanguage] = useState<string>(user.language);
  const [phone, setPhone] = useState<PhoneValue>({
    country: phoneCountry,
    number: nationalPart(storedPhone, phoneCountry),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = phone.number.trim();
    const e164 = typed ? toE164(typed, phone.country) : undefined;
    const chosen: Language = isLanguage(language) ? language : uiLanguage;
    // The profile's fields follow the user form's rules (the contract of @lavoura/domain).
    const checked = userUpdateBodySchema
      .pick({ name: true, language: true, phone: true })
      .safeParse({ name, language: chosen, ...(e164 ? { phone: e164 } : {}) });
    const found = schemaFieldErrors(checked, { name });
    if (typed && !e164) found.phone = 'field.phone';
    setErrors(found);
    setFailure(null);
    if (!checked.success || Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const saved = await updateProfile(checked.data);
      queryClient.setQueryData<SessionUser>(sessionKeys.user, saved);
      if (saved.language !== uiLanguage) await changeLanguage(saved.language);
      notify({ key: 'saved', ns: 'profile', severity: 'success' });
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(error);
    } finally {
      setSaving(false);
    }
  };

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
                />
                <TextField
                  label={t('field.name')}
                  name="name"
                  autoComplete="name"
                  required
                  fullWidth
                  value={name}
                  onChange={(event) => {
                    setName(event.target.value);
                    setErrors((current) => ({ ...current, name: undefined }));
                  }}
                  error={!!errors.name}
                  helperText={errors.name && t(errors.name, { ns: 'errors' })}
                />
                <TextField
                  select
                  label={t('field.language')}
                  name="language"
                  fullWidth
                  value={language}
                  onChange={(event) => setLanguage(event.target.value)}
                  helperText={t('language_help')}
                >
                  {LANGUAGES.map((code) => (
                    <MenuItem key={code} value={code} lang={code}>
                      {t(`language.${code}`, { ns: 'common' })}
                    </MenuItem>
                  ))}
                </TextField>
                <PhoneInput
                  label={t('field.phone')}
                  value={phone}
                  onChange={(next) => {
                    setPhone(next);
                    setErrors((current) => ({ ...current, phone: undefined }));
                  }}
                  error={!!errors.phone}
                  helperText={errors.phone && t(errors.phone, { ns: 'errors' })}
                />
                <Box>
                  <Button type="submit" variant="contained" disabled={saving}>
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
