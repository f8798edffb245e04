import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
} from '@mui/material';
import { responsibleProfessionalBodySchema, type ResponsibleProfessional } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useResponsibleProfessional, useSaveResponsibleProfessional } from '../../api/executions';
import { FormTextField, useSchemaForm } from '../../lib/form-fields';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { QueryDialogBody } from '../../shell/query-dialog-body';
import { useShellUi } from '../../shell/shell-ui';

/**
 * The account's responsible professional (issue 30 item 6): the name and registration every
 * prescription prints above the signature. Those who edit planning change it; others read it.
 */
export function ResponsibleProfessionalDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('execution');
  const canEdit = useSignedIn().can('PLANEJAMENTO_EDITAR');
  const professional = useResponsibleProfessional();
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="responsible-professional-title"
      data-testid="responsible-professional"
    >
      <DialogTitle id="responsible-professional-title">
        {t('prescription.professional_dialog.title')}
      </DialogTitle>
      <QueryDialogBody
        query={professional}
        loadingLabel={t('prescription.professional_dialog.loading')}
        retryLabel={t('retry')}
      >
        {(saved) => <ProfessionalForm initial={saved} canEdit={canEdit} onClose={onClose} />}
      </QueryDialogBody>
    </Dialog>
  );
}

/** The form, once the saved values are known (they are its defaults). */
function ProfessionalForm({
  initial,
  canEdit,
  onClose,
}: {
  initial: ResponsibleProfessional;
  canEdit: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('execution');
  const { notify } = useShellUi();
  const save = useSaveResponsibleProfessional();
  const { control, handleSubmit } = useSchemaForm(responsibleProfessionalBodySchema, {
    name: initial.name ?? '',
    registration: initial.registration ?? '',
  });
  const submit = handleSubmit(async (body) => {
    await save.mutateAsync(body).then(
      () => {
        notify({
          key: 'prescription.professional_dialog.saved',
          ns: 'execution',
          severity: 'success',
        });
        onClose();
      },
      () => undefined,
    );
  });
  return (
    <form noValidate onSubmit={submit}>
      <DialogContent>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('prescription.professional_dialog.intro')}
          {!canEdit && ` ${t('prescription.professional_dialog.read_only')}`}
        </Alert>
        <Stack spacing={2}>
          <FormTextField
            control={control}
            name="name"
            label={t('prescription.professional_dialog.name')}
            disabled={!canEdit || save.isPending}
            autoComplete="name"
            fullWidth
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'professional-name' } }}
          />
          <FormTextField
            control={control}
            name="registration"
            label={t('prescription.professional_dialog.registration')}
            helperText={t('prescription.professional_dialog.registration_hint')}
            disabled={!canEdit || save.isPending}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 60, 'data-testid': 'professional-registration' } }}
          />
          {save.isError && <ApiErrorAlert error={save.error} />}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>
          {canEdit
            ? t('prescription.professional_dialog.cancel')
            : t('prescription.professional_dialog.close')}
        </Button>
        {canEdit && (
          <Button
            type="submit"
            variant="contained"
            disabled={save.isPending}
            data-testid="professional-save"
          >
            {t('prescription.professional_dialog.save')}
          </Button>
        )}
      </DialogActions>
    </form>
  );
}
