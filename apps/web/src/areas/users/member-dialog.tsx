import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { IDENTITY_ERROR_KEYS, userCreateBodySchema, type PhoneCountry } from '@lavoura/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../api/http';
import { type Profile } from '../../api/reference';
import { sessionKeys } from '../../api/session';
import { createMember, updateMember, userKeys, type Member } from '../../api/users';
import { useLanguage } from '../../app/i18n';
import { setApiFieldErrors } from '../../lib/field-errors';
import {
  FormPhoneField,
  FormSelectField,
  FormTextField,
  useLanguageOptions,
  useSchemaForm,
} from '../../lib/form-fields';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { nationalPart, phoneCountryOf, phoneValueSchema } from '../../shell/phone-input';
import { FarmAssignmentSlot } from './farm-assignment-slot';

/** The contract's user, with the dialog's empty profile select ('') and phone input. */
const createSchema = userCreateBodySchema.extend({
  profile_id: z.union([z.literal(''), z.number()]).pipe(userCreateBodySchema.shape.profile_id),
  phone: phoneValueSchema.pipe(userCreateBodySchema.shape.phone),
});
/** An edited user keeps their e-mail: shown, neither checked nor sent. */
const updateSchema = createSchema.extend({ email: z.string() });

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
  const languages = useLanguageOptions();
  const defaultCountry = COUNTRY_PHONE[accountCountryId] ?? 'BR';
  const storedPhone = member?.phones[0];
  const phoneCountry = phoneCountryOf(storedPhone, defaultCountry);
  const creating = member === null;
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(creating ? createSchema : updateSchema, {
    name: member?.name ?? '',
    email: member?.email ?? '',
    profile_id: member?.profile.id ?? '',
    language: member?.language ?? uiLanguage,
    phone: { country: phoneCountry, number: nationalPart(storedPhone, phoneCountry) },
  });
  const profileId = useWatch({ control, name: 'profile_id' });
  const [failure, setFailure] = useState<unknown>(null);
  const profile = profiles.find((item) => item.id === profileId);

  const submit = handleSubmit(
    async ({ email, ...common }) => {
      setFailure(null);
      try {
        // Sent as the contract normalises it (trimmed name, lower-case e-mail).
        const saved = creating
          ? await createMember({ ...common, email })
          : await updateMember(member.id, common);
        await queryClient.invalidateQueries({ queryKey: userKeys.all });
        void queryClient.invalidateQueries({ queryKey: sessionKeys.user });
        onSaved(saved);
      } catch (error) {
        const taken = { [IDENTITY_ERROR_KEYS.userAlreadyExists]: 'email' } as const;
        if (!setApiFieldErrors(error, setError, taken)) setFailure(error);
      }
    },
    () => setFailure(null),
  );

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
            <FormTextField
              control={control}
              name="name"
              label={t('field.name')}
              required
              fullWidth
              autoFocus
            />
            <FormTextField
              control={control}
              name="email"
              label={t('field.email')}
              type="email"
              required={creating}
              fullWidth
              disabled={!creating}
              helperText={creating ? t('dialog.email_help') : undefined}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormSelectField
                control={control}
                name="profile_id"
                label={t('field.profile')}
                required
                fullWidth
                options={profiles.map((item) => ({
                  value: item.id,
                  label: t(item.message_key, { ns: 'reference' }),
                }))}
              />
              <FormSelectField
                control={control}
                name="language"
                label={t('field.language')}
                required
                fullWidth
                options={languages}
              />
            </Stack>
            <FormPhoneField control={control} name="phone" label={t('field.phone')} />
            <FarmAssignmentSlot allFarms={profile ? profile.all_farms : null} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t(creating ? 'dialog.create' : 'dialog.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
