import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { changePasswordBodySchema } from '@lavoura/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePassword, sessionKeys } from '../api/session';
import { passwordChanged } from '../app/session/session-store';
import { apiFieldErrors, setApiFieldErrors } from '../lib/field-errors';
import { FormPasswordField, useSchemaForm } from '../lib/form-fields';
import { ApiErrorAlert } from './api-error-alert';
import { PasswordChecklist } from './password-checklist';

interface ChangePasswordFormProps {
  email?: string;
  /**
   * The current password when the app already has it (typed at the sign-in that forces this
   * change): it is sent without asking again. Asked for when absent or refused.
   */
  currentPassword?: string | null;
  onChanged: () => void;
  /** Extra buttons beside "Save" (cancel, log out). */
  secondaryAction?: ReactNode;
  autoFocus?: boolean;
}

/**
 * The spec's password change (§5): the current password, a new one that follows the rule (ticked
 * off live) and the same again. No terms of use: they were accepted at sign-up and are not changed
 * by a password. Used by the page, the account menu's dialog and the forced change at first login.
 */
export function ChangePasswordForm({
  email,
  currentPassword,
  onChanged,
  secondaryAction,
  autoFocus,
}: ChangePasswordFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const queryClient = useQueryClient();
  const checklistId = useId();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
    setValue,
  } = useSchemaForm(changePasswordBodySchema, {
    old_password: currentPassword ?? '',
    new_password: '',
    password_confirmation: '',
    // Checked and sent with the passwords, as the contract has it.
    ...(email ? { email } : {}),
  });
  const newPassword = useWatch({ control, name: 'new_password' });
  const [failure, setFailure] = useState<unknown>(null);
  const [askCurrent, setAskCurrent] = useState(!currentPassword);

  const submit = handleSubmit(
    async (body) => {
      setFailure(null);
      try {
        await changePassword(body);
        passwordChanged();
        await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
        onChanged();
      } catch (error) {
        // The kept password was refused: ask for it, with the refusal under its field.
        if (!askCurrent && apiFieldErrors(error).old_password) {
          setAskCurrent(true);
          setValue('old_password', '');
        }
        if (!setApiFieldErrors(error, setError)) setFailure(error);
      }
    },
    () => setFailure(null),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="change-password-form">
      <Stack spacing={2.5}>
        {failure !== null && <ApiErrorAlert error={failure} />}
        {askCurrent && (
          <FormPasswordField
            control={control}
            name="old_password"
            label={t('change_password.current')}
            autoComplete="current-password"
            autoFocus={autoFocus}
            required
            fullWidth
          />
        )}
        <FormPasswordField
          control={control}
          name="new_password"
          label={t('change_password.new')}
          autoComplete="new-password"
          autoFocus={autoFocus && !askCurrent}
          required
          fullWidth
          slotProps={{ htmlInput: { 'aria-describedby': checklistId } }}
        />
        <PasswordChecklist password={newPassword} id={checklistId} />
        <FormPasswordField
          control={control}
          name="password_confirmation"
          label={t('change_password.confirmation')}
          autoComplete="new-password"
          required
          fullWidth
        />
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          {secondaryAction}
          <Button type="submit" variant="contained" disabled={isSubmitting}>
            {t('change_password.submit')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
