import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import { fromDisplayUnit, unitOf } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../lib/date-field';
import { recordHarvest, type Sowing } from '../../api/sowings';
import { useLanguage } from '../../lib/i18n';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { parseTyped, roundStored } from '../shared/sowing-format';

/** "Record harvest": a date and productivity (sc/ha, bu/ac in English), or a crop loss. */
export function HarvestDialog({
  sowing,
  plot,
  onClose,
  onSaved,
}: {
  sowing: Sowing;
  plot: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation('sowings');
  const language = useLanguage();
  const [date, setDate] = useState('');
  const [productivity, setProductivity] = useState('');
  const [lost, setLost] = useState(false);
  const [desiccation, setDesiccation] = useState(false);
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const value = parseTyped(productivity, language);
  const dateMissing = date === '';
  const productivityInvalid = !lost && (value === null || Number.isNaN(value) || value <= 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (dateMissing || productivityInvalid) return;
    setSending(true);
    setFailure(null);
    try {
      await recordHarvest(sowing.id, {
        data_colheita: date,
        produtividade:
          lost || value === null
            ? null
            : roundStored(fromDisplayUnit('productivity', value, language)),
        perda: lost,
        dessecacao: desiccation,
      });
      onSaved();
    } catch (error) {
      setFailure(error);
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="sowing-harvest-title"
      data-testid="sowing-harvest-dialog"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="sowing-harvest-title">{t('harvest.title', { plot })}</DialogTitle>
      <DialogContent>
        {failure !== null && (
          <Box sx={{ mb: 2 }}>
            <ApiErrorAlert error={failure} />
          </Box>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DateField
            required
            label={t('harvest.date')}
            value={date}
            onChange={(value) => setDate(value)}
            error={checked && dateMissing}
            helperText={checked && dateMissing ? t('errors:field.required') : undefined}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'harvest-date' },
            }}
          />
          <FormControlLabel
            control={
              <Checkbox checked={lost} onChange={(event) => setLost(event.target.checked)} />
            }
            label={t('harvest.lost')}
          />
          {!lost && (
            <TextField
              required
              label={`${t('harvest.productivity')} (${unitOf('productivity', language)})`}
              value={productivity}
              onChange={(event) => setProductivity(event.target.value)}
              error={checked && productivityInvalid}
              helperText={
                checked && productivityInvalid ? t('harvest.productivity_required') : undefined
              }
              slotProps={{
                htmlInput: { inputMode: 'decimal', 'data-testid': 'harvest-productivity' },
              }}
            />
          )}
          <FormControlLabel
            control={
              <Checkbox
                checked={desiccation}
                onChange={(event) => setDesiccation(event.target.checked)}
              />
            }
            label={t('harvest.desiccation')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={sending} data-testid="harvest-save">
          {t('harvest.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
