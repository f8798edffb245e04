import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  IconButton,
  List,
  ListItem,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import InventoryOutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import { formatForInput, fromDisplayUnit, toDisplayUnit, unitOf } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../lib/date-field';
import {
  addHarvest,
  deleteHarvest,
  updateHarvest,
  useHarvests,
  type Harvest,
  type SowingDetail,
} from '../../api/sowing-records';
import { useLanguage } from '../../lib/i18n';
import { formatDateOnly } from '../../lib/date-only';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { ConfirmDeleteDialog } from '../../shell/confirm-delete-dialog';
import { RowAction } from '../../shell/row-action';
import { useShellUi } from '../../shell/shell-ui';
import { SectionCard, SectionList } from './sowing-detail-shared';
import { formatQuantity, parseTyped, roundStored } from '../shared/sowing-format';

interface Entry {
  key: number;
  date: string;
  productivity: string;
}

let nextEntryKey = 1;
const newEntry = (date = '', productivity = ''): Entry => ({
  key: nextEntryKey++,
  date,
  productivity,
});

/**
 * Recording harvests (one or several, each a date and a yield) or a crop loss (a date, no yield),
 * or changing one harvest. The yield is typed in sc/ha or bu/ac by language and sent in sc/ha.
 */
function HarvestDialog({
  sowing,
  harvest,
  onClose,
  onChanged,
  onDone,
}: {
  sowing: SowingDetail;
  /** The harvest to change; none to record new ones. */
  harvest: Harvest | null;
  onClose: () => void;
  /** Some harvests were saved, another was refused: the form stays open with the rest. */
  onChanged: () => void;
  onDone: (count: number) => void;
}) {
  const { t } = useTranslation('sowing-records');
  const language = useLanguage();
  const [entries, setEntries] = useState<Entry[]>(() => [
    harvest
      ? newEntry(
          harvest.data_colheita,
          harvest.produtividade === null
            ? ''
            : formatForInput(
                toDisplayUnit('productivity', harvest.produtividade, language),
                language,
              ),
        )
      : newEntry(),
  ]);
  const [lost, setLost] = useState(harvest?.perda ?? false);
  const [desiccation, setDesiccation] = useState(harvest?.dessecacao ?? false);
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const unit = unitOf('productivity', language);
  // A crop loss is one record: its date only.
  const shown = lost ? entries.slice(0, 1) : entries;

  const valueOf = (entry: Entry) => parseTyped(entry.productivity, language);
  const productivityInvalid = (entry: Entry) => {
    const value = valueOf(entry);
    return !lost && (value === null || Number.isNaN(value) || value <= 0);
  };
  const change = (key: number, patch: Partial<Entry>) =>
    setEntries((rows) => rows.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (shown.some((entry) => entry.date === '' || productivityInvalid(entry))) return;
    setSending(true);
    setFailure(null);
    let saved = 0;
    // One by one: a refused harvest stays in the form with its reason, the saved ones leave it.
    for (const entry of shown) {
      const value = valueOf(entry);
      const body = {
        data_colheita: entry.date,
        produtividade:
          lost || value === null
            ? null
            : roundStored(fromDisplayUnit('productivity', value, language)),
        perda: lost,
        dessecacao: desiccation,
      };
      try {
        if (harvest) await updateHarvest(sowing.id, harvest.id, body);
        else await addHarvest(sowing.id, body);
        saved += 1;
        setEntries((rows) => rows.filter((row) => row.key !== entry.key));
      } catch (error) {
        setFailure(error);
        setSending(false);
        if (saved > 0) onChanged();
        return;
      }
    }
    onDone(saved);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="sowing-harvest-form-title"
      data-testid="sowing-harvest-form"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="sowing-harvest-form-title">
        {t(harvest ? 'harvest_form.title_edit' : 'harvest_form.title_add')}
      </DialogTitle>
      <DialogContent>
        {failure !== null && (
          <Box sx={{ mb: 2 }}>
            <ApiErrorAlert error={failure} />
          </Box>
        )}
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControlLabel
            control={
              <Switch
                checked={lost}
                onChange={(event) => setLost(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'harvest-form-lost' } as object }}
              />
            }
            label={t('harvest_form.lost')}
          />
          {lost && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: '0 !important' }}>
              {t('harvest_form.lost_help')}
            </Typography>
          )}
          {shown.map((entry, index) => (
            <Stack
              key={entry.key}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { sm: 'flex-start' } }}
              data-testid="harvest-form-entry"
            >
              <DateField
                required
                label={t('harvest_form.date')}
                value={entry.date}
                onChange={(value) => change(entry.key, { date: value })}
                error={checked && entry.date === ''}
                helperText={checked && entry.date === '' ? t('errors:field.required') : undefined}
                sx={{ flex: 1 }}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { 'data-testid': 'harvest-form-date' },
                }}
              />
              {!lost && (
                <TextField
                  required
                  label={`${t('harvest_form.productivity')} (${unit})`}
                  value={entry.productivity}
                  onChange={(event) => change(entry.key, { productivity: event.target.value })}
                  error={checked && productivityInvalid(entry)}
                  helperText={
                    checked && productivityInvalid(entry)
                      ? t('harvest_form.productivity_required')
                      : undefined
                  }
                  sx={{ flex: 1 }}
                  slotProps={{
                    htmlInput: { inputMode: 'decimal', 'data-testid': 'harvest-form-productivity' },
                  }}
                />
              )}
              {!lost && shown.length > 1 && (
                <Tooltip title={t('harvest_form.remove_entry')}>
                  <IconButton
                    aria-label={`${t('harvest_form.remove_entry')} ${index + 1}`}
                    onClick={() =>
                      setEntries((rows) => rows.filter((row) => row.key !== entry.key))
                    }
                    sx={{ alignSelf: { xs: 'flex-end', sm: 'center' } }}
                  >
                    <RemoveCircleOutlineIcon />
                  </IconButton>
                </Tooltip>
              )}
            </Stack>
          ))}
          {!harvest && !lost && (
            <Button
              startIcon={<AddIcon />}
              onClick={() => setEntries((rows) => [...rows, newEntry()])}
              sx={{ alignSelf: 'flex-start' }}
              data-testid="harvest-form-add-entry"
            >
              {t('harvest_form.add_entry')}
            </Button>
          )}
          <FormControlLabel
            control={
              <Checkbox
                checked={desiccation}
                onChange={(event) => setDesiccation(event.target.checked)}
              />
            }
            label={t('harvest_form.desiccation')}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('form.cancel')}</Button>
        <Button
          type="submit"
          variant="contained"
          disabled={sending}
          data-testid="harvest-form-save"
        >
          {t('harvest_form.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The sowing's harvests: each date and yield (or loss), recorded, changed and deleted here. */
export function SowingDetailHarvests({
  farmId,
  sowing,
  refreshSowing,
  canAdd,
  canEdit,
  canDelete,
}: {
  farmId: number;
  sowing: SowingDetail;
  refreshSowing: () => void;
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation('sowing-records');
  const language = useLanguage();
  const { notify } = useShellUi();
  const harvests = useHarvests(farmId, sowing.id);
  const [editing, setEditing] = useState<Harvest | 'new' | null>(null);
  const [removing, setRemoving] = useState<Harvest | null>(null);
  const harvestable = sowing.data_semeadura !== null;

  return (
    <SectionCard
      id="sowing-harvests-title"
      testId="sowing-harvests"
      title={t('harvests.title')}
      subtitle={harvestable ? undefined : t('harvests.not_sown')}
      action={
        canAdd &&
        harvestable && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            data-testid="sowing-harvest-add"
          >
            {t('harvests.add')}
          </Button>
        )
      }
    >
      <SectionList
        query={harvests}
        loadingLabel={t('harvests.loading')}
        testId="sowing-harvests-list"
        empty={{
          icon: <InventoryOutlinedIcon />,
          title: t('harvests.empty_title'),
          description: t('harvests.empty'),
        }}
      >
        {(rows) => (
          <List disablePadding data-testid="sowing-harvests-list">
            {[...rows]
              .sort((a, b) => b.data_colheita.localeCompare(a.data_colheita) || b.id - a.id)
              .map((harvest) => {
                const date = formatDateOnly(harvest.data_colheita, language);
                return (
                  <ListItem
                    key={harvest.id}
                    divider
                    disableGutters
                    data-testid="sowing-harvest-row"
                    secondaryAction={
                      (canEdit || canDelete) && (
                        <Stack direction="row">
                          {canEdit && (
                            <RowAction
                              label={t('harvests.edit', { date })}
                              icon={<EditOutlinedIcon />}
                              onClick={() => setEditing(harvest)}
                              testId="sowing-harvest-edit"
                            />
                          )}
                          {canDelete && (
                            <RowAction
                              label={t('harvests.remove', { date })}
                              icon={<DeleteOutlineIcon />}
                              onClick={() => setRemoving(harvest)}
                              testId="sowing-harvest-remove"
                            />
                          )}
                        </Stack>
                      )
                    }
                    sx={{ pr: canEdit && canDelete ? 12 : canEdit || canDelete ? 6 : 0 }}
                  >
                    <Box sx={{ minWidth: 0 }}>
                      <Typography variant="body2" color="text.secondary">
                        {date}
                      </Typography>
                      <Stack
                        direction="row"
                        spacing={1}
                        useFlexGap
                        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                      >
                        {harvest.perda || harvest.produtividade === null ? (
                          <Chip size="small" color="error" label={t('harvests.lost')} />
                        ) : (
                          <Typography
                            variant="subtitle1"
                            component="span"
                            sx={{ fontWeight: 600 }}
                            data-testid="sowing-harvest-productivity"
                          >
                            {formatQuantity('productivity', harvest.produtividade, language)}
                          </Typography>
                        )}
                        {harvest.dessecacao && (
                          <Chip size="small" variant="outlined" label={t('harvests.desiccation')} />
                        )}
                      </Stack>
                    </Box>
                  </ListItem>
                );
              })}
          </List>
        )}
      </SectionList>
      {editing && (
        <HarvestDialog
          sowing={sowing}
          harvest={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onChanged={refreshSowing}
          onDone={(count) => {
            setEditing(null);
            refreshSowing();
            notify({
              key: 'harvest_form.done',
              ns: 'sowing-records',
              severity: 'success',
              values: { count },
            });
          }}
        />
      )}
      {removing && (
        <ConfirmDeleteDialog
          id="sowing-harvest-remove-dialog"
          title={t('harvest_remove.title')}
          description={t('harvest_remove.description', {
            date: formatDateOnly(removing.data_colheita, language),
          })}
          cancelLabel={t('form.cancel')}
          confirmLabel={t('harvest_remove.confirm')}
          remove={() => deleteHarvest(sowing.id, removing.id)}
          onClose={() => setRemoving(null)}
          onDeleted={() => {
            setRemoving(null);
            refreshSowing();
            notify({ key: 'harvest_remove.done', ns: 'sowing-records', severity: 'success' });
          }}
        />
      )}
    </SectionCard>
  );
}
