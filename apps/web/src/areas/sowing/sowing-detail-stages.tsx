import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import SpaOutlinedIcon from '@mui/icons-material/SpaOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { growthStagesOf, type CropId } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../lib/date-field';
import {
  observeStage,
  useGrowthStages,
  useStageObservations,
  type SowingDetail,
  type TimelineStage,
} from '../../api/sowing-records';
import { useLanguage } from '../../lib/i18n';
import { formatDateOnly } from '../../lib/date-only';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { useShellUi } from '../../shell/shell-ui';
import {
  SectionCard,
  SectionList,
  formatInstant,
  fromLocalInput,
  toLocalInput,
} from './sowing-detail-shared';

interface StagesProps {
  farmId: number;
  sowing: SowingDetail;
  refreshSowing: () => void;
  canEdit: boolean;
}

/** The estimated stages in order, the current one marked; scrolls sideways, current in view. */
function Timeline({ stages, currentId }: { stages: TimelineStage[]; currentId: number | null }) {
  const { t } = useTranslation(['sowing-records', 'reference']);
  const language = useLanguage();
  const scroller = useRef<HTMLOListElement>(null);
  const currentIndex = stages.findIndex((stage) => stage.stage_id === currentId);

  useEffect(() => {
    const list = scroller.current;
    const item = list?.querySelector<HTMLElement>('[aria-current="step"]');
    // The current stage in the middle, the stages before and after it on either side.
    if (list && item)
      list.scrollLeft = Math.max(
        0,
        item.offsetLeft - list.offsetLeft - (list.clientWidth - item.clientWidth) / 2,
      );
  }, [currentIndex]);

  return (
    <Box
      component="ol"
      ref={scroller}
      aria-label={t('stages.timeline')}
      data-testid="sowing-stage-timeline"
      tabIndex={0}
      sx={{
        display: 'flex',
        gap: 1,
        listStyle: 'none',
        m: 0,
        p: 0,
        pb: 1,
        overflowX: 'auto',
        scrollSnapType: 'x proximity',
      }}
    >
      {stages.map((stage, index) => {
        const current = index === currentIndex;
        const past = currentIndex >= 0 && index < currentIndex;
        const name = stage.message_key
          ? t(stage.message_key, { ns: 'reference', defaultValue: stage.code })
          : stage.code;
        return (
          <Box
            component="li"
            key={stage.stage_id}
            title={name}
            aria-current={current ? 'step' : undefined}
            data-testid="sowing-stage-step"
            sx={(theme) => ({
              flex: '0 0 auto',
              minWidth: 76,
              px: 1.25,
              py: 1,
              borderRadius: 1,
              border: 1,
              scrollSnapAlign: 'start',
              borderColor: current ? 'primary.main' : 'divider',
              bgcolor: current
                ? 'primary.main'
                : past
                  ? alpha(theme.palette.primary.main, 0.08)
                  : 'background.paper',
              color: current ? 'primary.contrastText' : 'text.primary',
            })}
          >
            <Typography variant="subtitle2" component="span" sx={{ display: 'block' }}>
              {stage.code}
            </Typography>
            <Typography
              variant="caption"
              component="span"
              sx={{ display: 'block', whiteSpace: 'nowrap', opacity: current ? 1 : 0.8 }}
            >
              {formatDateOnly(stage.start_date, language)}
            </Typography>
            {current && (
              <Typography
                variant="caption"
                component="span"
                sx={{ display: 'block', fontWeight: 600 }}
              >
                {t('stages.current')}
              </Typography>
            )}
          </Box>
        );
      })}
    </Box>
  );
}

/** "Record the observed stage": one of the crop's stages and when it was seen. */
function ObserveDialog({
  sowing,
  onClose,
  onSaved,
}: {
  sowing: SowingDetail;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['sowing-records', 'reference']);
  const [stageId, setStageId] = useState<number | ''>(sowing.estadio_atual?.id ?? '');
  const [observedAt, setObservedAt] = useState(() => toLocalInput(new Date()));
  const [checked, setChecked] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const stages = growthStagesOf(sowing.crop_id as CropId);
  const instant = fromLocalInput(observedAt);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (stageId === '' || instant === null) return;
    setSending(true);
    setFailure(null);
    try {
      await observeStage(sowing.id, { estadio_id: stageId, observed_at: instant });
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
      aria-labelledby="sowing-observe-title"
      data-testid="sowing-observe-dialog"
      slotProps={{ paper: { component: 'form', noValidate: true, onSubmit: submit } as object }}
    >
      <DialogTitle id="sowing-observe-title">{t('observe.title')}</DialogTitle>
      <DialogContent>
        {failure !== null && (
          <Box sx={{ mb: 2 }}>
            <ApiErrorAlert error={failure} />
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('stages.replaces')}
        </Typography>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            required
            label={t('observe.stage')}
            value={stageId}
            onChange={(event) => setStageId(Number(event.target.value))}
            error={checked && stageId === ''}
            helperText={checked && stageId === '' ? t('errors:field.required') : undefined}
            data-testid="sowing-observe-stage"
          >
            {stages.map((stage) => (
              <MenuItem key={stage.id} value={stage.id}>
                {t(stage.message_key, { ns: 'reference', defaultValue: stage.code })}
              </MenuItem>
            ))}
          </TextField>
          <DateField
            withTime
            required
            label={t('observe.observed_at')}
            value={observedAt}
            onChange={(value) => setObservedAt(value)}
            error={checked && instant === null}
            helperText={checked && instant === null ? t('errors:field.required') : undefined}
            slotProps={{
              inputLabel: { shrink: true },
              htmlInput: { 'data-testid': 'sowing-observe-at' },
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
          data-testid="sowing-observe-save"
        >
          {t('observe.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The growth stages: the estimated timeline, the stages seen in the field, and recording one. */
export function SowingDetailStages({ farmId, sowing, refreshSowing, canEdit }: StagesProps) {
  const { t } = useTranslation(['sowing-records', 'reference']);
  const language = useLanguage();
  const { notify } = useShellUi();
  const timeline = useGrowthStages(farmId, sowing.id);
  const observations = useStageObservations(farmId, sowing.id);
  const [observing, setObserving] = useState(false);

  return (
    <SectionCard
      id="sowing-stages-title"
      testId="sowing-stages"
      title={t('stages.title')}
      subtitle={t('stages.subtitle')}
      action={
        canEdit && (
          <Button
            variant="outlined"
            startIcon={<VisibilityOutlinedIcon />}
            onClick={() => setObserving(true)}
            data-testid="sowing-observe"
          >
            {t('stages.observe')}
          </Button>
        )
      }
    >
      <SectionList
        query={timeline}
        loadingLabel={t('stages.loading')}
        testId="sowing-stage-timeline"
        empty={{
          icon: <SpaOutlinedIcon />,
          title: t('stages.empty_title'),
          description: t('stages.empty'),
        }}
      >
        {(stages) => <Timeline stages={stages} currentId={sowing.estadio_atual?.id ?? null} />}
      </SectionList>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 3, mb: 0.5 }}>
        {t('stages.history')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('stages.replaces')}
      </Typography>
      {observations.isError && !observations.data ? (
        <ApiErrorAlert
          error={observations.error}
          onRetry={() => void observations.refetch()}
          retryLabel={t('retry')}
        />
      ) : !observations.data ? (
        <Typography
          variant="body2"
          color="text.secondary"
          role="status"
          data-testid="sowing-observations-loading"
        >
          {t('stages.history_loading')}
        </Typography>
      ) : observations.data.length === 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="sowing-observations-empty">
          {t('stages.history_empty')}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="sowing-observations">
          {[...observations.data]
            .sort((a, b) => b.observed_at.localeCompare(a.observed_at) || b.id - a.id)
            .map((observation, index) => (
              <ListItem key={observation.id} disableGutters data-testid="sowing-observation">
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>
                        {t(observation.message_key, {
                          ns: 'reference',
                          defaultValue: observation.code,
                        })}
                      </span>
                      {index === 0 && (
                        <Chip
                          size="small"
                          color="primary"
                          variant="outlined"
                          label={t('stages.latest')}
                        />
                      )}
                    </Stack>
                  }
                  secondary={t('stages.observed_on', {
                    date: formatInstant(observation.observed_at, language),
                  })}
                />
              </ListItem>
            ))}
        </List>
      )}
      {observing && (
        <ObserveDialog
          sowing={sowing}
          onClose={() => setObserving(false)}
          onSaved={() => {
            setObserving(false);
            refreshSowing();
            notify({ key: 'observe.done', ns: 'sowing-records', severity: 'success' });
          }}
        />
      )}
    </SectionCard>
  );
}
