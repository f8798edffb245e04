import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Link,
  Stack,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { changePasswordBodySchema, type ChangePasswordBody } from '@lavoura/domain';
import { Link as RouterLink } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { changePassword, sessionKeys } from '../api/session';
import { useLanguage } from '../app/i18n';
import { passwordChanged } from '../app/session/session-store';
import { apiFieldErrors, schemaFieldErrors, type FieldErrors } from '../lib/field-errors';
import { ApiErrorAlert } from './api-error-alert';
import { PasswordChecklist } from './password-checklist';
import { PasswordField } from './password-field';
import { termsCountryOf, termsPath } from './terms';

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
  const [values, setValues] = useState({
    old_password: '',
    new_password: '',
    password_confirmation: '',
  });
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const fieldError = (field: string) => {
    const key = errors[field];
    return key ? t(key, { ns: 'errors' }) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: ChangePasswordBody = { ...values, ...(email ? { email } : {}) };
    const found = schemaFieldErrors(changePasswordBodySchema.safeParse(body), body);
    if (!accepted) found.terms = 'change_password.terms_required';
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;

    setSaving(true);
    try {
      await changePassword(body);
      passwordChanged();
      await queryClient.invalidateQueries({ queryKey: sessionKeys.user });
      onChanged();
    } catch (error) {
      const fields = apiFieldErrors(error);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="change-password-form">
      <Stack spacing={2.5}>
        {failure !== null && <ApiErrorAlert error={failure} />}
        <PasswordField
          label={t('change_password.current')}
          name="old_password"
          autoComplete="current-password"
          autoFocus={autoFocus}
          required
          fullWidth
          value={values.old_password}
          onChange={set('old_password')}
          error={!!errors.old_password}
          helperText={fieldError('old_password')}
        />
        <PasswordField
          label={t('change_password.new')}
          name="new_password"
          autoComplete="new-password"
          required
          fullWidth
          value={values.new_password}
          onChange={set('new_password')}
          error={!!errors.new_password}
          helperText={fieldError('new_password')}
          slotProps={{ htmlInput: { 'aria-describedby': checklistId } }}
        />
        <PasswordChecklist password={values.new_password} id={checklistId} />
        <PasswordField
          label={t('change_password.confirmation')}
          name="password_confirmation"
          autoComplete="new-password"
          required
          fullWidth
          value={values.password_confirmation}
          onChange={set('password_confirmation')}
          error={!!errors.password_confirmation}
          helperText={fieldError('password_confirmation')}
        />
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
                i18nKey="change_password.accept_terms"
                components={{
                  terms: (
                    <Link
                      component={RouterLink}
                      to={termsPath(termsCountryOf(countryId), language)}
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
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          {secondaryAction}
          <Button type="submit" variant="contained" disabled={saving}>
            {t('change_password.submit')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
