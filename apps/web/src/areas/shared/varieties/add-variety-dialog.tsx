import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  InputAdornment,
  LinearProgress,
  List,
  ListItem,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import SearchIcon from '@mui/icons-material/Search';
import WarningAmberOutlinedIcon from '@mui/icons-material/WarningAmberOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Farm } from '../../../api/farms';
import type { Crop, SeasonCrop } from '../../../api/reference';
import {
  addFarmVariety,
  useFarmSeeds,
  varietyKeys,
  type FarmSeed,
  type FarmVariety,
} from '../../../api/varieties';
import { ApiErrorAlert } from '../../../shell/api-error-alert';
import { useVarietyFacts } from './variety-facts';

/** How many varieties the list draws at once (a crop has about 1,600): a search narrows it. */
export const SHOWN_SEEDS = 100;
const SEARCH_DELAY_MS = 300;

type Outcome = { kind: 'added'; name: string } | { kind: 'failed'; error: unknown };

function SeedRow({
  seed,
  busy,
  onAdd,
}: {
  seed: FarmSeed;
  busy: boolean;
  onAdd: (() => void) | undefined;
}) {
  const { t } = useTranslation('varieties');
  const facts = useVarietyFacts();

  return (
    <ListItem
      divider
      data-testid="seed-row"
      data-added={seed.added !== null}
      data-recommended={seed.recommended}
      sx={{ gap: 1.5, px: { xs: 0, sm: 1 }, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{seed.name}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {seed.asset_owner?.trim() || t('add.facts.owner_unknown')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="seed-facts">
          {facts.summary(seed)}
        </Typography>
        {!seed.recommended && seed.added === null && (
          <Tooltip title={t('add.not_recommended_hint')} describeChild>
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              icon={<WarningAmberOutlinedIcon />}
              label={t('add.not_recommended')}
              sx={{ mt: 0.75 }}
              data-testid="seed-not-recommended"
            />
          </Tooltip>
        )}
      </Box>
      {seed.added !== null ? (
        <Chip
          color="success"
          variant="outlined"
          icon={<CheckIcon />}
          label={t('add.added')}
          data-testid="seed-added"
        />
      ) : (
        onAdd && (
          <Button
            variant="outlined"
            size="small"
            startIcon={<AddIcon />}
            onClick={onAdd}
            disabled={busy || !seed.recommended}
            aria-label={t('add.add_named', { name: seed.name })}
            data-testid="seed-add"
            sx={{ flexShrink: 0 }}
          >
            {t('add.button')}
          </Button>
        )
      )}
    </ListItem>
  );
}

/**
 * "Add variety": the catalogue's varieties of the crop sold where the farm is, searchable, the ones
 * the farm has marked as added and the ones not indicated for its region marked so; one click adds.
 * It stays open for the next one, saying what was added or why not; a form that opens it for
 * one variety (the sowing's) takes the added one with `onAdded` instead.
 */
export function AddVarietyDialog({
  farm,
  crop,
  season,
  onClose,
  onRequest,
  onAdded,
}: {
  farm: Farm;
  crop: Crop;
  season: SeasonCrop;
  onClose: () => void;
  /** "Ask for a variety" when the catalogue lacks one; absent, the dialog does not offer it. */
  onRequest?: () => void;
  onAdded?: (variety: FarmVariety) => void;
}) {
  const { t } = useTranslation(['varieties', 'reference']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const facts = useVarietyFacts();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const seeds = useFarmSeeds(farm.id, season.id, crop.id, search);

  const add = async (seed: FarmSeed) => {
    setPending(seed.seed_id);
    setOutcome(null);
    let added: FarmVariety | null = null;
    try {
      added = await addFarmVariety(farm.id, season.id, seed.seed_id);
      setOutcome({ kind: 'added', name: seed.name });
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    } finally {
      setPending(null);
      // The list and the marks both change (an already-added refusal means ours were stale).
      await queryClient.invalidateQueries({ queryKey: varietyKeys.all(farm.id) });
    }
    if (added && onAdded) onAdded(added);
  };

  let results;
  if (seeds.isError && !seeds.data) {
    results = (
      <ApiErrorAlert
        error={seeds.error}
        onRetry={() => void seeds.refetch()}
        retryLabel={t('retry')}
      />
    );
  } else if (!seeds.data) {
    results = (
      <Box role="status" aria-label={t('loading')} data-testid="seeds-loading">
        {[0, 1, 2, 3, 4].map((row) => (
          <Skeleton key={row} height={56} />
        ))}
      </Box>
    );
  } else if (seeds.data.length === 0) {
    results = (
      <Typography
        color="text.secondary"
        sx={{ py: 3, textAlign: 'center' }}
        data-testid="seeds-empty"
      >
        {search ? t('add.no_results', { search }) : t('add.empty')}
      </Typography>
    );
  } else {
    const shown = seeds.data.slice(0, SHOWN_SEEDS);
    results = (
      <>
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ mb: 0.5 }}>
          {seeds.data.length > SHOWN_SEEDS
            ? t('add.more', { shown: SHOWN_SEEDS, total: facts.count(seeds.data.length) })
            : t('add.results', { count: seeds.data.length })}
        </Typography>
        <List dense disablePadding aria-label={t('add.title')} data-testid="seeds-list">
          {shown.map((seed) => (
            <SeedRow
              key={seed.seed_id}
              seed={seed}
              busy={pending !== null}
              onAdd={() => void add(seed)}
            />
          ))}
        </List>
      </>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      aria-labelledby="variety-add-title"
      data-testid="variety-add-dialog"
      slotProps={{ paper: { sx: { height: { sm: '85vh' } } } }}
    >
      <DialogTitle id="variety-add-title" sx={{ pb: 1 }}>
        {t('add.title')}
        <Typography
          variant="body2"
          color="text.secondary"
          component="span"
          sx={{ display: 'block' }}
        >
          {t('add.subtitle', {
            crop: t(crop.message_key, { ns: 'reference' }),
            season: season.season_name,
            farm: farm.nome,
          })}
        </Typography>
      </DialogTitle>
      <Box sx={{ px: 3, pt: 1, pb: 1.5 }}>
        <TextField
          fullWidth
          size="small"
          autoFocus
          type="search"
          label={t('add.search')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
            htmlInput: { maxLength: 120 },
          }}
          data-testid="seed-search"
        />
        {outcome && (
          <Box sx={{ mt: 1.5 }} data-testid="variety-add-outcome">
            {outcome.kind === 'added' ? (
              <Alert severity="success" onClose={() => setOutcome(null)}>
                {t('add.done', { name: outcome.name })}
              </Alert>
            ) : (
              <ApiErrorAlert error={outcome.error} />
            )}
          </Box>
        )}
      </Box>
      <Box sx={{ height: 4 }}>{seeds.isFetching && seeds.data && <LinearProgress />}</Box>
      <DialogContent dividers sx={{ pt: 1 }}>
        {results}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {onRequest && (
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', mr: 'auto', flexWrap: 'wrap' }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('add.missing')}
            </Typography>
            <Button size="small" onClick={onRequest} data-testid="variety-add-request">
              {t('actions.request')}
            </Button>
          </Stack>
        )}
        <Button variant="contained" onClick={onClose} data-testid="variety-add-close">
          {t('add.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
