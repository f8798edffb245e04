import { useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  IDENTITY_ERROR_KEYS,
  LANGUAGES,
  isLanguage,
  toE164,
  userCreateBodySchema,
  userUpdateBodySchema,
  type Language,
  type PhoneCountry,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { type Profile } from '../../api/reference';
import { sessionKeys } from '../../api/session';
import { createMember, updateMember, userKeys, type Member } from '../../api/users';
import { useLanguage } from '../../app/i18n';
import { apiFieldErrors, schemaFieldErrors, type FieldErrors } from '../../lib/field-errors';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { PhoneInput, nationalPart, phoneCountryOf, type PhoneValue } from '../../shell/phone-input';
import { FarmAssignmentSlot } from './farm-assignment-slot';

const COUNTRY_PHONE: Record<number, PhoneCountry> = { 1: 'BR', 2: 'PY', 3: 'US' };

/** Create (member null) or edit a user of the account. */
export function MemberDialog({
  member,
  profiles,
  maxUsers,
  accountCountryId,
  onClose,
  onSaved,
}: {
  member: Member | null;
  /** The profiles a customer may assign. */
  profiles: readonly Profile[];
  maxUsers: number;
  accountCountryId: number;
  onClose: () => void;
  onSaved: (member: Member) => void;
}) {
  const { t } = useTranslation(['users', 'errors', 'reference', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const uiLanguage = useLanguage();
  const queryClient = useQueryClient();
  const defaultCountry = COUNTRY_PHONE[accountCountryId] ?? 'BR';
  const storedPhone = member?.phones[0];
  const phoneCountry = phoneCountryOf(storedPhone, defaultCountry);
  const [values, setValues] = useState({
    name: member?.name ?? '',
    email: member?.email ?? '',
    profile_id: member ? String(member.profile.id) : '',
    language: (member?.language ?? uiLanguage) as string,
  });
  const [phone, setPhone] = useState<PhoneValue>({
    country: phoneCountry,
    number: nationalPart(storedPhone, phoneCountry),
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const creating = member === null;
  const profile = profiles.find((item) => String(item.id) === values.profile_id);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const helper = (field: string) => errors[field] && t(errors[field], { ns: 'errors' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = phone.number.trim();
    const e164 = typed ? toE164(typed, phone.country) : undefined;
    const language: Language = isLanguage(values.language) ? values.language : uiLanguage;
    const common = {
      name: values.name,
      profile_id: Number(values.profile_id) || 0,
      language,
      ...(e164 ? { phone: e164 } : {}),
      farm_ids: [],
    };
    const input = creating ? { ...common, email: values.email } : common;
    const checked = creating
      ? userCreateBodySchema.safeParse(input)
      : userUpdateBodySchema.safeParse(common);
    const found = schemaFieldErrors(checked, input);
    if (!values.profile_id) found.profile_id = 'field.required';
    if (typed && !e164) found.phone = 'field.phone';
    setErrors(found);
    setFailure(null);
    if (!checked.success || Object.values(found).some(Boolean)) return;

    setSaving(true);
    try {
      // Sent as the contract normalises it (trimmed name, lower-case e-mail).
      const saved = creating
        ? await createMember(userCreateBodySchema.parse({ ...common, email: values.email }))
        : await updateMember(member.id, userUpdateBodySchema.parse(common));
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.user });
      onSaved(saved);
    } catch (error) {
      const fields = apiFieldErrors(error);
      if (error instanceof ApiError && error.key === IDENTITY_ERROR_KEYS.userAlreadyExists) {
        fields.email = error.key;
      }
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="member-dialog-title"
      data-testid="member-dialog"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="member-dialog-title">
          {t(creating ? 'dialog.create_title' : 'dialog.edit_title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure !== null &&
              (failure instanceof ApiError &&
              failure.key === IDENTITY_ERROR_KEYS.usersExceededLimit ? (
                <Alert severity="error" data-testid="member-limit">
                  {t(failure.key, { ns: 'errors', max_users: maxUsers })}
                </Alert>
              ) : (
                <ApiErrorAlert error={failure} />
              ))}
            <TextField
              label={t('field.name')}
              name="name"
              required
              fullWidth
              autoFocus
              value={values.name}
              onChange={set('name')}
              error={!!errors.name}
              helperText={helper('name')}
            />
            <TextField
              label={t('field.email')}
              name="email"
              type="email"
              required={creating}
              fullWidth
              disabled={!creating}
              value={values.email}
              onChange={set('email')}
              error={!!errors.email}
              helperText={helper('email') ?? (creating ? t('dialog.email_help') : undefined)}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('field.profile')}
                name="profile_id"
                required
                fullWidth
                value={values.profile_id}
                onChange={set('profile_id')}
                error={!!errors.profile_id}
                helperText={helper('profile_id')}
              >
                {profiles.map((item) => (
                  <MenuItem key={item.id} value={String(item.id)}>
                    {t(item.message_key, { ns: 'reference' })}
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
              >
                {LANGUAGES.map((code) => (
                  <MenuItem key={code} value={code} lang={code}>
                    {t(`language.${code}`, { ns: 'common' })}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            <PhoneInput
              label={t('field.phone')}
              value={phone}
              onChange={(next) => {
                setPhone(next);
                setErrors((current) => ({ ...current, phone: undefined }));
              }}
              error={!!errors.phone}
              helperText={helper('phone')}
            />
            <FarmAssignmentSlot allFarms={profile ? profile.all_farms : null} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t(creating ? 'dialog.create' : 'dialog.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
