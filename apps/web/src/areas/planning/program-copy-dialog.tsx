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
  FormHelperText,
  MenuItem,
  Skeleton,
  TextField,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Farm } from '../../api/farms';
import { cloneProgram, type Program } from '../../api/programs';
import { useSeasonCrops } from '../../api/reference';
import { useFarmVarieties } from '../../api/varieties';
import { ApiErrorAlert } from '../../shell/api-error-alert';

/**
 * The program copy dialog (spec 2 "Copy dialog"; §5 "Program copy needs target farms and varieties
 * selected"): a farm (the current one first), then one or more of its varieties of the program's
 * season-crop, each given a copy of the program with its applications (POST …/clonar, all or
 * nothing). `onCopied` gets how many copies were made and the farm they went to.
 */
export function ProgramCopyDialog({
  program,
  farm,
  farms,
  onClose,
  onCopied,
}: {
  program: Program;
  /** The current farm: chosen at first. */
  farm: Farm;
  /** The farms it may go to: the account's enabled farms in the same country (the current one too). */
  farms: readonly Farm[];
  onClose: () => void;
  onCopied: (count: number, farmId: number) => void;
}) {
  const { t } = useTranslation('programs');
  const [farmId, setFarmId] = useState(farm.id);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const seasonCrops = useSeasonCrops();
  const target = farms.find((row) => row.id === farmId) ?? farm;
  // Same country, same season-crop: the program's own season in the farm chosen.
  const varieties = useFarmVarieties(target.id, program.season_crop_id);
  const season =
    seasonCrops.data?.find((row) => row.id === program.season_crop_id)?.season_name ?? '';
  const options = (varieties.data ?? []).filter(
    (variety) => variety.id !== program.cultivar_id && variety.crop_id === program.crop_id,
  );
  const all = options.length > 0 && options.every((variety) => chosen.has(variety.id));
  const some = options.some((variety) => chosen.has(variety.id));
  const name = program.nome || t('list.unnamed');

  const toggle = (varietyId: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(varietyId)) next.delete(varietyId);
      else next.add(varietyId);
      return next;
    });

  const copy = async () => {
    const ids = options.filter((variety) => chosen.has(variety.id)).map((variety) => variety.id);
    if (ids.length === 0) return;
    setSending(true);
    setFailure(null);
    try {
      const copies = await cloneProgram(program.id, { cultivares: ids, farm_id: target.id });
      onCopied(copies.length, target.id);
    } catch (error) {
      setFailure(error);
      setSending(false);
    }
  };

  let list;
  if (varieties.isError && !varieties.data) {
    list = (
      <ApiErrorAlert
        error={varieties.error}
        onRetry={() => void varieties.refetch()}
        retryLabel={t('retry')}
      />
    );
  } else if (!varieties.data) {
    list = (
      <Box role="status" aria-label={t('copy.loading')} data-testid="program-copy-loading">
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={40} />
        ))}
      </Box>
    );
  } else if (options.length === 0) {
    list = (
      <Typography color="text.secondary" data-testid="program-copy-no-varieties">
        {t('copy.no_varieties', { season })}
      </Typography>
    );
  } else {
    list = (
      <FormGroup role="group" aria-label={t('copy.varieties')} data-testid="program-copy-varieties">
        <FormControlLabel
          label={t('copy.all')}
          control={
            <Checkbox
              checked={all}
              indeterminate={some && !all}
              onChange={() =>
                setChosen(all ? new Set() : new Set(options.map((variety) => variety.id)))
              }
            />
          }
        />
        <Divider sx={{ my: 0.5 }} />
        {options.map((variety) => (
          <FormControlLabel
            key={variety.id}
            label={variety.name}
            sx={{ overflowWrap: 'anywhere' }}
            control={
              <Checkbox checked={chosen.has(variety.id)} onChange={() => toggle(variety.id)} />
            }
          />
        ))}
      </FormGroup>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="program-copy-title"
      data-testid="program-copy-dialog"
    >
      <DialogTitle id="program-copy-title" sx={{ overflowWrap: 'anywhere' }}>
        {t('copy.title', { name })}
      </DialogTitle>
      <DialogContent>
        {failure !== null && (
          <Box sx={{ mb: 2 }} data-testid="program-copy-error">
            <ApiErrorAlert error={failure} />
          </Box>
        )}
        <DialogContentText sx={{ mb: 2 }}>{t('copy.description', { season })}</DialogContentText>
        {farms.length > 1 && (
          <TextField
            select
            fullWidth
            size="small"
            label={t('copy.farm')}
            value={target.id}
            onChange={(event) => {
              setFarmId(Number(event.target.value));
              setChosen(new Set());
            }}
            sx={{ mb: 1.5 }}
            data-testid="program-copy-farm"
          >
            {farms.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {option.nome}
              </MenuItem>
            ))}
          </TextField>
        )}
        {list}
        {!some && options.length > 0 && (
          <FormHelperText data-testid="program-copy-choose">{t('copy.choose')}</FormHelperText>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('copy.cancel')}</Button>
        <Button
          variant="contained"
          disabled={sending || !some}
          onClick={() => void copy()}
          data-testid="program-copy-confirm"
        >
          {t('copy.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
