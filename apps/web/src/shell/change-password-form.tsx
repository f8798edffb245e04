import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { changePasswordBodySchema } from '@lavoura/domain';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changePassword, sessionKeys } from '../api/session';
import { useLanguage } from '../app/i18n';
import { passwordChanged } from '../app/session/session-store';
import { setApiFieldErrors } from '../lib/field-errors';
import { FormCheckboxField, FormPasswordField, useSchemaForm } from '../lib/form-fields';
import { ApiErrorAlert } from './api-error-alert';
import { PasswordChecklist } from './password-checklist';
import { TermsLabel } from './terms-label';

/** The contract's body and the acceptance of the terms of use, which the API takes as given. */
const changePasswordFormSchema = changePasswordBodySchema.safeExtend({
  // Not an errors key: i18next reads the namespace from the key.
  terms: z.boolean().refine(Boolean, { message: 'auth:change_password.terms_required' }),
});

interface ChangePasswordFormProps {
  email?: string;
  countryId?: number;
  onChanged: () => void;
  /** Extra buttons beside "Save" (cancel, log out). */
  secondaryAction?: ReactNode;
  autoFocus?: boolean;
}

/**
 * The spec's password change (§5): the current password, a new one that follows the rule (ticked
 * off live), the same again, and the acceptance of the terms of use. Used by the page, the account
 * menu's dialog and the forced change at first login.
 */
export function ChangePasswordForm({
  email,
  countryId,
  onChanged,
  secondaryAction,
  autoFocus,
}: ChangePasswordFormProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const checklistId = useId();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(changePasswordFormSchema, {
    old_password: '',
    new_password: '',
    password_confirmation: '',
    // Checked and sent with the passwords, as the contract has it.
    ...(email ? { email } : {}),
    terms: false,
  });
  const newPassword = useWatch({ control, name: 'new_password' });
  const [failure, setFailure] = useState<unknown>(null);

  const submit = handleSubmit(
    async ({ terms: _accepted, ...body }) => {
      setFailure(null);
      try {
        await changePassword(body);
        passwordChanged();
        await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
        onChanged();
      } catch (error) {
        if (!setApiFieldErrors(error, setError)) setFailure(error);
      }
    },
    () => setFailure(null),
  );

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="change-password-form">
      <Stack spacing={2.5}>
        {failure !== null && <ApiErrorAlert error={failure} />}
        <FormPasswordField
          control={control}
          name="old_password"
          label={t('change_password.current')}
          autoComplete="current-password"
          autoFocus={autoFocus}
          required
          fullWidth
        />
        <FormPasswordField
          control={control}
          name="new_password"
          label={t('change_password.new')}
          autoComplete="new-password"
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
        <FormCheckboxField
          control={control}
          name="terms"
          label={
            <TermsLabel
              i18nKey="change_password.accept_terms"
              countryId={countryId}
              language={language}
            />
          }
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
