import {
  Box,
  Button,
  Chip,
  Divider,
  List,
  ListItem,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useNotes } from '../../../api/notes';
import { FARM_QUERY } from '../../../app/farm/current-farm';
import { useSignedIn } from '../../../app/session/signed-in';
import { ApiErrorAlert } from '../../../shell/api-error-alert';
import { InlineMessage } from '../../../shell/inline-message';
import { menuAccess } from '../../../shell/menu-entries';
import { useNoteDate } from './note-date';
import { LoadingState } from '../../../shell/loading-state';

/** The newest notes the tab shows; the notebook has them all. */
const SHOWN = 5;

/**
 * The plot page's notes tab (spec 3 §2 Plot screen): the newest notes about this field, a new
 * note already about it, and the notebook filtered by it.
 */
export function PlotNotes({ farmId, plotId }: { farmId: number; plotId: number }) {
  const { t } = useTranslation(['notes', 'reference']);
  const { user, permissions, can } = useSignedIn();
  const date = useNoteDate(farmId);
  const access = menuAccess('/notes', user, permissions);
  const notes = useNotes(farmId, { plot_id: plotId }, access === 'open');
  const query = (extra: Record<string, string> = {}) =>
    `/notes?${new URLSearchParams({ ...extra, plot_id: String(plotId), [FARM_QUERY]: String(farmId) })}`;

  if (access !== 'open') {
    return (
      <InlineMessage
        testId="plot-notes-closed"
        icon={<LockOutlinedIcon />}
        tone="secondary"
        title={t('plot_tab.title')}
        description={t(access === 'upsell' ? 'plot_tab.upsell' : 'plot_tab.not_allowed')}
        headingLevel="h2"
      />
    );
  }

  const newNote = can('NOTE_CADASTRAR') && (
    <Button
      component={RouterLink}
      to={query({ new: '1' })}
      variant="contained"
      startIcon={<AddIcon />}
      data-testid="plot-notes-new"
    >
      {t('plot_tab.new')}
    </Button>
  );
  const notebook = (
    <Button component={RouterLink} to={query()} data-testid="plot-notes-all">
      {t('plot_tab.all')}
    </Button>
  );

  if (notes.isError && !notes.data) {
    return (
      <Box sx={{ p: 2 }}>
        <ApiErrorAlert
          error={notes.error}
          onRetry={() => void notes.refetch()}
          retryLabel={t('retry')}
        />
      </Box>
    );
  }
  if (!notes.data) {
    return (
      <LoadingState label={t('loading')} testId="plot-notes-loading" spacing={1.5} sx={{ p: 2 }}>
        {[0, 1].map((item) => (
          <Box key={item}>
            <Skeleton width="40%" />
            <Skeleton width="80%" />
          </Box>
        ))}
      </LoadingState>
    );
  }
  if (notes.data.length === 0) {
    return (
      <InlineMessage
        testId="plot-notes-empty"
        icon={<StickyNote2OutlinedIcon />}
        title={t('plot_tab.title')}
        description={t('plot_tab.empty')}
        headingLevel="h2"
        action={newNote || undefined}
      />
    );
  }

  const more = notes.data.length - SHOWN;
  return (
    <Box sx={{ p: 2 }} data-testid="plot-notes">
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('plot_tab.title')}
      </Typography>
      <List disablePadding>
        {notes.data.slice(0, SHOWN).map((note, index) => (
          <ListItem
            key={note.id}
            disableGutters
            divider={index < Math.min(notes.data.length, SHOWN) - 1}
            sx={{ display: 'block', py: 1.5 }}
            data-testid="plot-note"
          >
            <Stack
              direction="row"
              spacing={1}
              useFlexGap
              sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}
            >
              <Typography
                component="h3"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
                translate="no"
              >
                {note.title}
              </Typography>
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={t(note.category.message_key, { ns: 'reference' })}
              />
              {note.files.length > 0 && (
                <Chip
                  size="small"
                  variant="outlined"
                  icon={<AttachFileIcon />}
                  label={t('plot_tab.files', { count: note.files.length })}
                />
              )}
            </Stack>
            {note.description && (
              <Typography
                variant="body2"
                sx={{
                  overflowWrap: 'anywhere',
                  display: '-webkit-box',
                  WebkitLineClamp: 2,
                  WebkitBoxOrient: 'vertical',
                  overflow: 'hidden',
                }}
                translate="no"
              >
                {note.description}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary" component="p">
              {t('note.by', { name: note.created_by.name, date: date(note.created_at) })}
            </Typography>
          </ListItem>
        ))}
      </List>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary" data-testid="plot-notes-more">
          {t('plot_tab.more', { count: more })}
        </Typography>
      )}
      <Divider sx={{ my: 1.5 }} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {newNote}
        {notebook}
      </Stack>
    </Box>
  );
}
