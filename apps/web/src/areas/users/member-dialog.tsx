import { useState, type FormEventHandler, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  ERROR_KEYS,
  userCreateBodySchema,
  userUpdateBodySchema,
  type PhoneCountry,
} from '@lavoura/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import { farmKeys, useFarms } from '../../api/farms';
import { ApiError } from '../../api/http';
import { type Profile } from '../../api/reference';
import { sessionKeys } from '../../api/session';
import { createMember, updateMember, userKeys, type Member } from '../../api/users';
import { useLanguage } from '../../lib/i18n';
import { setApiFieldErrors } from '../../lib/field-errors';
import { FormPhoneField, FormSelectField, useLanguageOptions } from '../../lib/form-choice-fields';
import { FormTextField, useSchemaForm } from '../../lib/form-fields';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { phoneValueSchema } from '../../lib/phone-input';
import { FormFarmsField, farmIdsToSave } from './farm-picker';

/** The contract's user, with the dialog's empty profile select ('') and phone input. */
const createSchema = z.extend(userCreateBodySchema, {
  profile_id: z.pipe(z.union([z.literal(''), z.number()]), userCreateBodySchema.shape.profile_id),
  phone: z.pipe(phoneValueSchema, userCreateBodySchema.shape.phone),
});
/** An administrator edits the membership only; the person's own fields are shown, not sent. */
const membershipSchema = z.object({
  profile_id: z.pipe(z.union([z.literal(''), z.number()]), userUpdateBodySchema.shape.profile_id),
  farm_ids: userUpdateBodySchema.shape.farm_ids,
});

/** Refusals about one field: a farm that is gone (deleted meanwhile); a taken e-mail. */
const FARM_REFUSAL = { [ERROR_KEYS.farmNotFound]: 'farm_ids' } as const;
const CREATE_REFUSALS = { ...FARM_REFUSAL, [ERROR_KEYS.userAlreadyExists]: 'email' } as const;

const COUNTRY_PHONE: Record<number, PhoneCountry> = { 1: 'BR', 2: 'PY', 3: 'US' };

interface MemberDialogProps {
  /** The profiles a customer may assign. */
  profiles: readonly Profile[];
  maxUsers: number;
  onClose: () => void;
  onSaved: (member: Member) => void;
}

/**
 * Create (member null) a user of the account, or edit a member's membership; `changeProfile` is
 * the member policy's (nobody changes their own profile).
 */
export function MemberDialog({
  member,
  accountCountryId,
  changeProfile = true,
  ...props
}: MemberDialogProps & {
  member: Member | null;
  accountCountryId: number;
  changeProfile?: boolean;
}) {
  return member === null ? (
    <CreateMemberForm {...props} accountCountryId={accountCountryId} />
  ) : (
    <EditMembershipForm {...props} member={member} changeProfile={changeProfile} />
  );
}

/** After a save: the list and the session's user count follow. */
function useAfterSave(onSaved: (member: Member) => void) {
  const queryClient = useQueryClient();
  return async (saved: Member) => {
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.user });
    onSaved(saved);
  };
}

/** A farm the API did not find was deleted meanwhile: the picker reloads the farms. */
function useFarmRefusal() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (error instanceof ApiError && error.key === ERROR_KEYS.farmNotFound)
      void queryClient.invalidateQueries({ queryKey: farmKeys.list });
  };
}

function CreateMemberForm({
  profiles,
  maxUsers,
  accountCountryId,
  onClose,
  onSaved,
}: MemberDialogProps & { accountCountryId: number }) {
  const { t } = useTranslation(['users', 'errors', 'reference', 'common']);
  const uiLanguage = useLanguage();
  const languages = useLanguageOptions();
  const afterSave = useAfterSave(onSaved);
  const farmRefusal = useFarmRefusal();
  const farms = useFarms();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(createSchema, {
    name: '',
    email: '',
    profile_id: '',
    language: uiLanguage,
    phone: { country: COUNTRY_PHONE[accountCountryId] ?? 'BR', number: '' },
    farm_ids: [],
  });
  const profileId = useWatch({ control, name: 'profile_id' });
  const [failure, setFailure] = useState<unknown>(null);
  const profile = profiles.find((item) => item.id === profileId);
  const allFarms = profile?.all_farms ?? false;

  const submit = handleSubmit(
    async (body) => {
      setFailure(null);
      try {
        // Sent as the contract normalises it (trimmed name, lower-case e-mail).
        const farm_ids = farmIdsToSave(body.farm_ids, allFarms, farms.data);
        await afterSave(await createMember({ ...body, farm_ids }));
      } catch (error) {
        farmRefusal(error);
        if (!setApiFieldErrors(error, setError, CREATE_REFUSALS)) setFailure(error);
      }
    },
    () => setFailure(null),
  );

  return (
    <MemberDialogFrame
      title={t('dialog.create_title')}
      submitLabel={t('dialog.create')}
      submitting={isSubmitting}
      failure={failure}
      maxUsers={maxUsers}
      onSubmit={submit}
      onClose={onClose}
    >
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
        required
        fullWidth
        helperText={t('dialog.email_help')}
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
      <FormFarmsField
        control={control}
        name="farm_ids"
        label={t('field.farms')}
        allFarms={allFarms}
        farms={farms}
      />
    </MemberDialogFrame>
  );
}

/**
 * A person may belong to several accounts: their name, e-mail, language and phone are theirs
 * (changed in their own profile), so they are shown here read-only. The administrator changes the
 * profile (and the farms) of this account's membership.
 */
function EditMembershipForm({
  member,
  changeProfile,
  profiles,
  maxUsers,
  onClose,
  onSaved,
}: MemberDialogProps & { member: Member; changeProfile: boolean }) {
  const { t } = useTranslation(['users', 'errors', 'reference', 'common']);
  const languages = useLanguageOptions();
  const afterSave = useAfterSave(onSaved);
  const farmRefusal = useFarmRefusal();
  const farms = useFarms();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(membershipSchema, {
    profile_id: member.profile.id,
    farm_ids: member.farm_ids,
  });
  const profileId = useWatch({ control, name: 'profile_id' });
  const [failure, setFailure] = useState<unknown>(null);
  const profile = profiles.find((item) => item.id === profileId);
  const allFarms = profile?.all_farms ?? false;
  const language = languages.find((option) => option.value === member.language);

  const submit = handleSubmit(
    async ({ profile_id, farm_ids }) => {
      setFailure(null);
      try {
        const body = { profile_id, farm_ids: farmIdsToSave(farm_ids, allFarms, farms.data) };
        await afterSave(await updateMember(member.id, body));
      } catch (error) {
        farmRefusal(error);
        if (!setApiFieldErrors(error, setError, FARM_REFUSAL)) setFailure(error);
      }
    },
    () => setFailure(null),
  );

  return (
    <MemberDialogFrame
      title={t('dialog.edit_title')}
      submitLabel={t('dialog.save')}
      submitting={isSubmitting}
      failure={failure}
      maxUsers={maxUsers}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextField label={t('field.name')} value={member.name} disabled fullWidth />
      <TextField label={t('field.email')} value={member.email} type="email" disabled fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('field.language')}
          value={language?.label ?? member.language}
          disabled
          fullWidth
        />
        <TextField
          label={t('field.phone_readonly')}
          value={member.phones[0] ?? t('dialog.no_phone')}
          disabled
          fullWidth
        />
      </Stack>
      <Alert severity="info" variant="outlined" data-testid="member-own-fields">
        {t(member.invited ? 'dialog.invited_fields_note' : 'dialog.own_fields_note')}
      </Alert>
      <FormSelectField
        control={control}
        name="profile_id"
        label={t('field.profile')}
        required
        fullWidth
        autoFocus={changeProfile}
        disabled={!changeProfile}
        helperText={changeProfile ? undefined : t('dialog.own_profile_locked')}
        // The reason stays readable on the locked field (a disabled field's text is too faint).
        slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
        options={profiles.map((item) => ({
          value: item.id,
          label: t(item.message_key, { ns: 'reference' }),
        }))}
      />
      <FormFarmsField
        control={control}
        name="farm_ids"
        label={t('field.farms')}
        allFarms={allFarms}
        farms={farms}
      />
    </MemberDialogFrame>
  );
}

function MemberDialogFrame({
  title,
  submitLabel,
  submitting,
  failure,
  maxUsers,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  submitting: boolean;
  failure: unknown;
  maxUsers: number;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(['users', 'errors']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
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
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="member-dialog-title">{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure !== null &&
              (failure instanceof ApiError && failure.key === ERROR_KEYS.usersExceededLimit ? (
                <Alert severity="error" data-testid="member-limit">
                  {t(failure.key, { ns: 'errors', max_users: maxUsers })}
                </Alert>
              ) : (
                <ApiErrorAlert error={failure} />
              ))}
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('dialog.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
