import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import {
  FIELD_KEYS,
  PHONE_COUNTRIES,
  type FarmNotifications,
  type PhoneCountry,
} from '@lavoura/domain';
import { useController, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import {
  farmKeys,
  saveFarmNotifications,
  useFarmNotifications,
  useNotificationTypes,
  type Farm,
  type NotificationType,
} from '../../api/farms';
import { useSignedIn } from '../../app/session/signed-in';
import { setApiFieldErrors } from '../../lib/field-errors';
import { FormCheckboxField, FormPhoneField } from '../../lib/form-choice-fields';
import { useSchemaForm } from '../../lib/form-fields';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { nationalPart, phoneCountryOf, phoneValueSchema } from '../../lib/phone-input';

const formShape = z.object({
  notification_type_ids: z.array(z.number()),
  whatsapp_opt_in: z.boolean(),
  phone: z.object({ country: z.enum(PHONE_COUNTRIES), number: z.string() }),
});

/**
 * The contract's body (the WhatsApp opt-in needs a complete phone), with the phone input. Without
 * the opt-in no number is sent (nor kept): the field is hidden then.
 */
const notificationsSchema = z.pipe(
  z.pipe(
    formShape,
    z.transform((values) =>
      values.whatsapp_opt_in ? values : { ...values, phone: { ...values.phone, number: '' } },
    ),
  ),
  // The contract's rule (farmNotificationsBodySchema): with the opt-in, a phone is required.
  z
    .object({
      notification_type_ids: z.array(z.number()),
      whatsapp_opt_in: z.boolean(),
      phone: phoneValueSchema,
    })
    .check(
      z.refine((body) => !body.whatsapp_opt_in || body.phone !== undefined, {
        message: FIELD_KEYS.required,
        path: ['phone'],
      }),
    ),
);
type NotificationsInput = z.input<typeof notificationsSchema>;

const COUNTRY_PHONE: Record<number, PhoneCountry> = { 1: 'BR', 2: 'PY', 3: 'US' };

/** The notification types as checkboxes, bound to the list of chosen ids. */
function TypeCheckboxes({
  control,
  types,
}: {
  control: Control<NotificationsInput, unknown, z.output<typeof notificationsSchema>>;
  types: readonly NotificationType[];
}) {
  const { t } = useTranslation(['farms', 'reference']);
  const { field } = useController({ control, name: 'notification_type_ids' });
  const chosen = new Set(field.value);
  const toggle = (id: number, on: boolean) =>
    field.onChange(
      on ? [...field.value, id].sort((a, b) => a - b) : field.value.filter((item) => item !== id),
    );
  return (
    <FormControl component="fieldset" variant="standard">
      <FormLabel component="legend">{t('notifications.types')}</FormLabel>
      <FormGroup>
        {types.map((type) => (
          <FormControlLabel
            key={type.id}
            control={
              <Checkbox
                checked={chosen.has(type.id)}
                onChange={(event) => toggle(type.id, event.target.checked)}
                name={`notification_type_${type.code}`}
              />
            }
            label={t(type.message_key, { ns: 'reference' })}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

function NotificationsForm({
  farm,
  types,
  current,
  onClose,
  onSaved,
}: {
  farm: Farm;
  types: readonly NotificationType[];
  current: FarmNotifications;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('farms');
  const { user } = useSignedIn();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  // Their number for this farm, else their own phone, in the farm's country by default.
  const storedPhone = current.phone ?? user.phones[0];
  const phoneCountry = phoneCountryOf(storedPhone, COUNTRY_PHONE[farm.pais.id] ?? 'BR');
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(notificationsSchema, {
    notification_type_ids: current.notification_type_ids,
    whatsapp_opt_in: current.whatsapp_opt_in,
    phone: { country: phoneCountry, number: nationalPart(storedPhone, phoneCountry) },
  });
  const optIn = useWatch({ control, name: 'whatsapp_opt_in' });

  const submit = handleSubmit(
    async (body) => {
      setFailure(null);
      try {
        const saved = await saveFarmNotifications(farm.id, body);
        queryClient.setQueryData(farmKeys.notifications(farm.id), saved);
        onSaved();
      } catch (error) {
        if (!setApiFieldErrors(error, setError)) setFailure(error);
      }
    },
    () => setFailure(null),
  );

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <DialogContent>
        <Stack spacing={2.5}>
          {failure !== null && <ApiErrorAlert error={failure} />}
          <DialogContentText>{t('notifications.description')}</DialogContentText>
          <TypeCheckboxes control={control} types={types} />
          <FormCheckboxField
            control={control}
            name="whatsapp_opt_in"
            label={t('notifications.whatsapp')}
          />
          <Collapse in={optIn} unmountOnExit>
            <Box data-testid="farm-notifications-phone">
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {t('notifications.phone_help')}
              </Typography>
              <FormPhoneField control={control} name="phone" label={t('notifications.phone')} />
            </Box>
          </Collapse>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('notifications.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={isSubmitting}>
          {t('notifications.save')}
        </Button>
      </DialogActions>
    </Box>
  );
}

/**
 * What the signed-in member hears about a farm: weather forecast, commodity quotations, weekly
 * applications, and whether on WhatsApp too (then with a complete phone).
 */
export function FarmNotificationsDialog({
  farm,
  onClose,
  onSaved,
}: {
  farm: Farm;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('farms');
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const types = useNotificationTypes();
  const current = useFarmNotifications(farm.id);
  const failed = types.isError ? types : current.isError ? current : null;

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="farm-notifications-title"
      data-testid="farm-notifications-dialog"
    >
      <DialogTitle id="farm-notifications-title">
        {t('notifications.title', { name: farm.nome })}
      </DialogTitle>
      {types.data && current.data ? (
        <NotificationsForm
          farm={farm}
          types={types.data}
          current={current.data}
          onClose={onClose}
          onSaved={onSaved}
        />
      ) : (
        <>
          <DialogContent>
            {failed ? (
              <ApiErrorAlert
                error={failed.error}
                onRetry={() => void failed.refetch()}
                retryLabel={t('retry')}
              />
            ) : (
              <Box data-testid="farm-notifications-loading">
                {[0, 1, 2, 3].map((row) => (
                  <Skeleton key={row} height={40} />
                ))}
              </Box>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose}>{t('notifications.cancel')}</Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
