import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  FormControlLabel,
  FormGroup,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Farm } from '../../api/farms';
import type { SeasonCrop } from '../../api/reference';
import { copyFarmVariety, type FarmVariety } from '../../api/varieties';
import { ApiErrorAlert } from '../../shell/api-error-alert';

/**
 * The copy dialog (spec 2 "Copy dialog"): the variety goes to the other farms chosen, for the same
 * season-crop. A farm that has it already is skipped by the server; `onCopied` gets how many copies
 * were made.
 */
export function CopyVarietyDialog({
  variety,
  season,
  farms,
  onClose,
  onCopied,
}: {
  variety: FarmVariety;
  season: SeasonCrop;
  /** The farms it may go to: the account's other enabled farms in the same country. */
  farms: readonly Farm[];
  onClose: () => void;
  onCopied: (count: number) => void;
}) {
  const { t } = useTranslation('varieties');
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const toggle = (farmId: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(farmId)) next.delete(farmId);
      else next.add(farmId);
      return next;
    });
  const all = farms.length > 0 && chosen.size === farms.length;

  const copy = async () => {
    setSending(true);
    setFailure(null);
    try {
      const copies = await copyFarmVariety(
        variety.id,
        farms.filter((farm) => chosen.has(farm.id)).map((farm) => farm.id),
      );
      onCopied(copies.length);
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
      aria-labelledby="variety-copy-title"
      data-testid="variety-copy-dialog"
    >
      <DialogTitle id="variety-copy-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('copy.title', { name: variety.name })}
      </DialogTitle>
      <DialogContent>
        {failure !== null && (
          <Box sx={{ mb: 2 }}>
            <ApiErrorAlert error={failure} />
          </Box>
        )}
        <DialogContentText sx={{ mb: 1.5 }}>
          {t('copy.description', { season: season.season_name })}
        </DialogContentText>
        {farms.length === 0 ? (
          <Typography color="text.secondary">{t('copy.no_farms')}</Typography>
        ) : (
          <FormGroup aria-label={t('copy.farms')} data-testid="variety-copy-farms">
            <FormControlLabel
              label={t('copy.all')}
              control={
                <Checkbox
                  checked={all}
                  indeterminate={chosen.size > 0 && !all}
                  onChange={() => setChosen(all ? new Set() : new Set(farms.map((f) => f.id)))}
                />
              }
            />
            <Divider sx={{ my: 0.5 }} />
            {farms.map((farm) => (
              <FormControlLabel
                key={farm.id}
                label={farm.nome}
                control={
                  <Checkbox checked={chosen.has(farm.id)} onChange={() => toggle(farm.id)} />
                }
              />
            ))}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('copy.cancel')}</Button>
        <Button
          variant="contained"
          disabled={sending || chosen.size === 0}
          onClick={() => void copy()}
          data-testid="variety-copy-confirm"
        >
          {t('copy.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
