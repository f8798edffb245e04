import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import WaterDropOutlinedIcon from '@mui/icons-material/WaterDropOutlined';
import { formatForInput, fromDisplayUnit, toDisplayUnit, unitOf } from '@lavoura/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../lib/date-field';
import {
  addIrrigation,
  deleteIrrigation,
  sowingRecordKeys,
  updateIrrigation,
  useIrrigations,
  type Irrigation,
  type SowingDetail,
} from '../../api/sowing-records';
import { useLanguage } from '../../lib/i18n';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { ConfirmDeleteDialog } from '../../shell/confirm-delete-dialog';
import { RowAction } from '../../shell/row-action';
import { useShellUi } from '../../shell/shell-ui';
import {
  SectionCard,
  SectionList,
  formatPeriod,
  fromLocalInput,
  toLocalInput,
} from './sowing-detail-shared';
import { formatQuantity, parseTyped, roundStored } from '../shared/sowing-format';

/**
 * An irrigation: from when to when, and the water depth in mm (pt, es) or inches (en), sent in mm.
 * Start after end and a zero amount are the API's refusals, shown as it words them.
 */
function IrrigationDialog({
  sowing,
  irrigation,
  onClose,
  onSaved,
}: {
  sowing: SowingDetail;
  irrigation: Irrigation | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('sowing-records');
  const language = useLanguage();
  const [start, setStart] = useState(irrigation ? toLocalInput(irrigation.start) : '');
  const [end, setEnd] = useState(irrigation ? toLocalInput(irrigation.end) : '');
  const [amount, setAmount] = useState(
    irrigation
      ? formatForInput(toDisplayUnit('precipitation', irrigation.blade_mm, language), language)
      : '',
  );
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const startAt = fromLocalInput(start);
  const endAt = fromLocalInput(end);
  const value = parseTyped(amount, language);
  const amountInvalid = value === null || Number.isNaN(value) || value < 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (startAt === null || endAt === null || amountInvalid || value === null) return;
    setSending(true);
    setFailure(null);
    const body = {
      semeadura_id: sowing.id,
      start: startAt,
      end: endAt,
      blade_mm: roundStored(fromDisplayUnit('precipitation', value, language)),
    };
    try {
      if (irrigation) await updateIrrigation(irrigation.id, body);
      else await addIrrigation(body);
      onSaved();
    } catch (error) {
      setFailure(error);
      setSending(false);
    }
  };

  const required = (missing: boolean) =>
    checked && missing ? t('errors:field.required') : undefined;

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="sowing-irrigation-form-title"
      data-testid="sowing-irrigation-form"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="sowing-irrigation-form-title">
        {t(irrigation ? 'irrigation_form.title_edit' : 'irrigation_form.title_add')}
      </DialogTitle>
      <DialogContent>
        {failure !== null && (
          <Box sx={{ mb: 2 }} data-testid="sowing-irrigation-refusal">
            <ApiErrorAlert error={failure} />
          </Box>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DateField
            withTime
            required
            label={t('irrigation_form.start')}
            value={start}
            onChange={(value) => setStart(value)}
            error={checked && startAt === null}
            helperText={required(startAt === null)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'irrigation-form-start' },
            }}
          />
          <DateField
            withTime
            required
            label={t('irrigation_form.end')}
            value={end}
            onChange={(value) => setEnd(value)}
            error={checked && endAt === null}
            helperText={required(endAt === null)}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'irrigation-form-end' },
            }}
          />
          <TextField
            required
            label={`${t('irrigation_form.amount')} (${unitOf('precipitation', language)})`}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            error={checked && amountInvalid}
            helperText={
              checked && amountInvalid
                ? t(value === null ? 'errors:field.required' : 'form.invalid_number')
                : undefined
            }
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'data-testid': 'irrigation-form-amount' },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={sending}
          data-testid="irrigation-form-save"
        >
          {t('irrigation_form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The sowing's irrigations with the total water applied; added, changed and deleted here. */
export function SowingDetailIrrigations({
  farmId,
  sowing,
  canEdit,
}: {
  farmId: number;
  sowing: SowingDetail;
  canEdit: boolean;
}) {
  const { t } = useTranslation('sowing-records');
  const language = useLanguage();
  const { notify } = useShellUi();
  const queryClient = useQueryClient();
  const irrigations = useIrrigations(farmId, sowing.id);
  const [editing, setEditing] = useState<Irrigation | 'new' | null>(null);
  const [removing, setRemoving] = useState<Irrigation | null>(null);
  const refresh = () =>
    void queryClient.invalidateQueries({
      queryKey: sowingRecordKeys.irrigations(farmId, sowing.id),
    });
  const total = (irrigations.data ?? []).reduce((sum, row) => sum + row.blade_mm, 0);
  const period = (row: Irrigation) => formatPeriod(row.start, row.end, language);

  return (
    <SectionCard
      id="sowing-irrigations-title"
      testId="sowing-irrigations"
      title={t('irrigations.title')}
      subtitle={
        irrigations.data && irrigations.data.length > 0 ? (
          <span data-testid="sowing-irrigation-total">
            {t('irrigations.total', { amount: formatQuantity('precipitation', total, language) })}
          </span>
        ) : undefined
      }
      action={
        canEdit && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            data-testid="sowing-irrigation-add"
          >
            {t('irrigations.add')}
          </Button>
        )
      }
    >
      <SectionList
        query={irrigations}
        loadingLabel={t('irrigations.loading')}
        testId="sowing-irrigations-list"
        empty={{
          icon: <WaterDropOutlinedIcon />,
          title: t('irrigations.empty_title'),
          description: t('irrigations.empty'),
        }}
      >
        {(rows) => (
          <List disablePadding data-testid="sowing-irrigations-list">
            {[...rows]
              .sort((a, b) => b.start.localeCompare(a.start) || b.id - a.id)
              .map((irrigation) => (
                <ListItem
                  key={irrigation.id}
                  divider
                  disableGutters
                  data-testid="sowing-irrigation-row"
                  secondaryAction={
                    canEdit && (
                      <Stack direction="row">
                        <RowAction
                          label={t('irrigations.edit')}
                          icon={<EditOutlinedIcon />}
                          onClick={() => setEditing(irrigation)}
                          testId="sowing-irrigation-edit"
                        />
                        <RowAction
                          label={t('irrigations.remove')}
                          icon={<DeleteOutlineIcon />}
                          onClick={() => setRemoving(irrigation)}
                          testId="sowing-irrigation-remove"
                        />
                      </Stack>
                    )
                  }
                  sx={{ pr: canEdit ? 12 : 0 }}
                >
                  <Box sx={{ minWidth: 0 }}>
                    <Typography
                      variant="subtitle1"
                      component="span"
                      sx={{ fontWeight: 600, display: 'block' }}
                      data-testid="sowing-irrigation-amount"
                    >
                      {formatQuantity('precipitation', irrigation.blade_mm, language)}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {period(irrigation)}
                    </Typography>
                  </Box>
                </ListItem>
              ))}
          </List>
        )}
      </SectionList>
      {editing && (
        <IrrigationDialog
          sowing={sowing}
          irrigation={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
            notify({ key: 'irrigation_form.done', ns: 'sowing-records', severity: 'success' });
          }}
        />
      )}
      {removing && (
        <ConfirmDeleteDialog
          id="sowing-irrigation-remove-dialog"
          title={t('irrigation_remove.title')}
          description={t('irrigation_remove.description', {
            amount: formatQuantity('precipitation', removing.blade_mm, language),
            period: period(removing),
          })}
          cancelLabel={t('form.cancel')}
          confirmLabel={t('irrigation_remove.confirm')}
          remove={() => deleteIrrigation(removing.id)}
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            setRemoving(null);
            refresh();
            notify({ key: 'irrigation_remove.done', ns: 'sowing-records', severity: 'success' });
          }}
        />
      )}
    </SectionCard>
  );
}
