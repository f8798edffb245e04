import { useMemo, useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Link,
  MenuItem,
  Paper,
  Skeleton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DownloadIcon from '@mui/icons-material/Download';
import EditNoteOutlinedIcon from '@mui/icons-material/EditNoteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import FilterAltOffOutlinedIcon from '@mui/icons-material/FilterAltOffOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { NOTE_CATEGORIES, isCalendarDay, type NoteFilter } from '@lavoura/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { DateField } from '../../lib/date-field';
import { usePlots, type Plot } from '../../api/farms';
import { deleteNote, noteKeys, useNotes, type Note } from '../../api/notes';
import { CurrentFarmGate } from '../../app/farm/current-farm-gate';
import { outboxOf, useOutboxEntries } from '../../app/offline/outbox';
import { useOutboxOwner } from '../../app/offline/outbox-sync';
import { useSignedIn } from '../../app/session/signed-in';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { ConfirmDeleteDialog } from '../../shell/confirm-delete-dialog';
import { MessagePanel } from '../../shell/message-panel';
import { useShellUi } from '../../shell/shell-ui';
import { NoteDialog, isImage } from './note-dialog';
import { useNoteDate } from '../shared/notes/note-date';
import { RowAction } from '../../shell/row-action';
import { LoadingState } from '../../shell/loading-state';

/** The page's query: `new=1` opens the form (home and plot shortcuts), `plot_id` picks a field. */
const NEW_QUERY = 'new';
const PLOT_QUERY = 'plot_id';

function readPlot(search: string): number | null {
  const value = new URLSearchParams(search).get(PLOT_QUERY);
  return value !== null && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}

/** An attachment: images as a preview that opens the file, others as a download chip. */
function Attachment({ file }: { file: Note['files'][number] }) {
  const { t } = useTranslation('notes');
  if (isImage(file.mimetype)) {
    return (
      <Link
        href={file.storage_link}
        target="_blank"
        rel="noopener"
        aria-label={t('note.open_image', { name: file.name })}
        data-testid="note-image"
        sx={{ display: 'block', lineHeight: 0 }}
      >
        <Box
          component="img"
          src={file.storage_link}
          alt={file.name}
          loading="lazy"
          sx={{
            width: 96,
            height: 96,
            objectFit: 'cover',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      </Link>
    );
  }
  return (
    <Chip
      component="a"
      href={file.storage_link}
      download={file.name}
      clickable
      variant="outlined"
      icon={<InsertDriveFileOutlinedIcon />}
      deleteIcon={<DownloadIcon />}
      onDelete={() => undefined}
      label={file.name}
      aria-label={t('note.download', { name: file.name })}
      data-testid="note-file"
      sx={{ maxWidth: '100%' }}
    />
  );
}

function NoteCard({
  note,
  farmId,
  onEdit,
  onDelete,
}: {
  note: Note;
  farmId: number;
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}) {
  const { t } = useTranslation(['notes', 'reference']);
  const date = useNoteDate(farmId);
  return (
    <Card
      variant="outlined"
      component="article"
      data-testid="note-card"
      aria-labelledby={`note-${note.id}-title`}
    >
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={t(note.category.message_key, { ns: 'reference' })}
                data-testid="note-category-chip"
              />
              <Chip
                size="small"
                variant="outlined"
                icon={<PlaceOutlinedIcon />}
                label={note.plot?.nome ?? t('note.whole_farm')}
              />
            </Stack>
            <Typography
              id={`note-${note.id}-title`}
              variant="h6"
              component="h2"
              sx={{ fontSize: 18, overflowWrap: 'anywhere' }}
              translate="no"
            >
              {note.title}
            </Typography>
          </Box>
          {(onEdit || onDelete) && (
            <Stack direction="row" aria-label={t('note.actions', { title: note.title })}>
              {onEdit && (
                <Tooltip title={t('note.edit')}>
                  <IconButton onClick={onEdit} aria-label={t('note.edit')} data-testid="note-edit">
                    <EditOutlinedIcon />
                  </IconButton>
                </Tooltip>
              )}
              {onDelete && (
                <RowAction
                  label={t('note.delete')}
                  icon={<DeleteOutlineIcon />}
                  onClick={onDelete}
                  testId="note-delete"
                />
              )}
            </Stack>
          )}
        </Stack>
        {note.description && (
          <Typography
            variant="body2"
            sx={{ mt: 1, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            translate="no"
          >
            {note.description}
          </Typography>
        )}
        {note.files.length > 0 && (
          <Box
            component="ul"
            aria-label={t('note.attachments')}
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              mt: 1.5,
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
              alignItems: 'center',
            }}
          >
            {note.files.map((file) => (
              <Box component="li" key={file.id} sx={{ maxWidth: '100%' }}>
                <Attachment file={file} />
              </Box>
            ))}
          </Box>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          {t('note.by', { name: note.created_by.name, date: date(note.created_at) })}
          {note.edited_by &&
            ` · ${t('note.edited', { name: note.edited_by.name, date: date(note.updated_at) })}`}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** Two filters a row on a phone (four full rows pushed the notes off screen), one row wider. */
const FILTER_SX = {
  minWidth: { xs: 0, sm: 160 },
  flex: { xs: '1 1 calc(50% - 12px)', sm: '1 1 0' },
} as const;

function Filters({
  filter,
  onChange,
  plots,
  authors,
}: {
  filter: NoteFilter;
  onChange: (filter: NoteFilter) => void;
  plots: readonly Plot[];
  authors: readonly { id: number; name: string }[];
}) {
  const { t } = useTranslation(['notes', 'reference']);
  const set = (field: keyof NoteFilter, value: string) => {
    const next = { ...filter };
    if (value === '') delete next[field];
    else next[field] = field === 'created_at' ? value : Number(value);
    onChange(next);
  };
  const select = (
    field: keyof NoteFilter,
    label: string,
    options: { value: number; label: string }[],
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={filter[field] ?? ''}
      onChange={(event) => set(field, event.target.value)}
      sx={FILTER_SX}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      data-testid={`notes-filter-${field}`}
    >
      <MenuItem value="">{t('filter.all')}</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const active = Object.keys(filter).length > 0;
  return (
    <Paper variant="outlined" component="section" aria-label={t('filter.label')} sx={{ p: 2 }}>
      <Stack
        direction="row"
        useFlexGap
        spacing={1.5}
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      >
        {select(
          'plot_id',
          t('filter.plot'),
          plots.map((plot) => ({ value: plot.id, label: plot.nome })),
        )}
        {select(
          'category_id',
          t('filter.category'),
          NOTE_CATEGORIES.map((category) => ({
            value: category.id,
            label: t(category.message_key, { ns: 'reference' }),
          })),
        )}
        {select(
          'created_by',
          t('filter.author'),
          authors.map((author) => ({ value: author.id, label: author.name })),
        )}
        <DateField
          size="small"
          label={t('filter.date')}
          value={String(filter.created_at ?? '')}
          onChange={(value) => set('created_at', isCalendarDay(value) ? value : '')}
          sx={FILTER_SX}
          data-testid="notes-filter-created_at"
        />
        {active && (
          <Button
            startIcon={<FilterAltOffOutlinedIcon />}
            onClick={() => onChange({})}
            data-testid="notes-filter-clear"
          >
            {t('filter.clear')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

function Loading() {
  const { t } = useTranslation('notes');
  return (
    <LoadingState label={t('loading')} testId="notes-loading">
      {[0, 1, 2].map((item) => (
        <Paper key={item} variant="outlined" sx={{ p: 2 }}>
          <Skeleton width={120} />
          <Skeleton width="50%" height={32} />
          <Skeleton width="90%" />
          <Skeleton width="70%" />
        </Paper>
      ))}
    </LoadingState>
  );
}

/** Notes written without signal that wait on this device to be sent (issue 30 item 7). */
function useKeptNotes(farmId: number) {
  const owner = useOutboxOwner();
  return outboxOf(useOutboxEntries(), owner).flatMap((row) =>
    row.state === 'waiting' && row.change.kind === 'note' && row.change.farmId === farmId
      ? [{ id: row.id, ...row.change }]
      : [],
  );
}

function KeptNotes({ notes: kept }: { notes: ReturnType<typeof useKeptNotes> }) {
  const { t } = useTranslation('notes');
  if (kept.length === 0) return null;
  return (
    <Stack spacing={2} component="section" aria-label={t('kept.title')} data-testid="notes-kept">
      {kept.map((note) => (
        <Paper
          key={note.id}
          variant="outlined"
          sx={{ p: 2, borderStyle: 'dashed' }}
          data-testid="note-kept"
        >
          <Chip
            size="small"
            color="warning"
            icon={<CloudUploadOutlinedIcon />}
            label={t('kept.chip')}
            sx={{ mb: 1 }}
          />
          <Typography variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {note.body.title}
          </Typography>
          {note.body.description && (
            <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {note.body.description}
            </Typography>
          )}
          {note.files.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {note.files.map((file) => file.name).join(', ')}
            </Typography>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

/** The notebook of one farm: remounted for each farm, so filters never outlive their farm. */
function Notebook({ farmId, farmName }: { farmId: number; farmName: string }) {
  const { t } = useTranslation(['notes', 'errors']);
  const { can } = useSignedIn();
  const { notify } = useShellUi();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = new URLSearchParams(location.search);
  const linkedPlot = readPlot(location.search);
  const [filter, setFilter] = useState<NoteFilter>(() =>
    linkedPlot !== null && params.get(NEW_QUERY) === null ? { plot_id: linkedPlot } : {},
  );
  const [editing, setEditing] = useState<Note | 'new' | null>(() =>
    params.get(NEW_QUERY) !== null && can('NOTE_CADASTRAR') ? 'new' : null,
  );
  const [deleting, setDeleting] = useState<Note | null>(null);
  const notes = useNotes(farmId, filter);
  const plots = usePlots(farmId);
  // Authors of every list of this farm loaded so far (the unfiltered one first): filtering by
  // one author keeps the others choosable.
  const authors = useMemo(() => {
    const found = new Map<number, string>();
    for (const note of notes.data ?? []) found.set(note.created_by.id, note.created_by.name);
    for (const [, data] of queryClient.getQueriesData<Note[]>({ queryKey: noteKeys.all(farmId) }))
      for (const note of data ?? []) found.set(note.created_by.id, note.created_by.name);
    return [...found].map(([id, name]) => ({ id, name }));
  }, [queryClient, farmId, notes.data]);

  // Notes written without signal that wait on this device: with them the notebook is not empty.
  const kept = useKeptNotes(farmId);
  const canCreate = can('NOTE_CADASTRAR');
  const canEdit = can('NOTE_EDITAR');
  const canDelete = can('NOTE_EXCLUIR');

  const closeForm = () => {
    setEditing(null);
    // The shortcut's `new` is spent: going back or reloading does not open the form again.
    if (params.get(NEW_QUERY) !== null) {
      params.delete(NEW_QUERY);
      void navigate({ pathname: location.pathname, search: `?${params}` }, { replace: true });
    }
  };

  const addButton = (testId: string) =>
    canCreate && (
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        onClick={() => setEditing('new')}
        data-testid={testId}
      >
        {t('new')}
      </Button>
    );

  let content;
  if (notes.isError && !notes.data) {
    content = (
      <ApiErrorAlert
        error={notes.error}
        onRetry={() => void notes.refetch()}
        retryLabel={t('retry')}
      />
    );
  } else if (!notes.data) {
    content = <Loading />;
  } else if (notes.data.length === 0 && !(kept.length > 0 && Object.keys(filter).length === 0)) {
    const filtered = Object.keys(filter).length > 0;
    content = (
      <MessagePanel
        testId={filtered ? 'notes-no-match' : 'notes-empty'}
        icon={<EditNoteOutlinedIcon />}
        title={t(filtered ? 'no_match.title' : 'empty.title')}
        description={t(
          filtered
            ? 'no_match.description'
            : canCreate
              ? 'empty.description'
              : 'empty.description_readonly',
        )}
        actions={
          filtered ? (
            <Button variant="outlined" onClick={() => setFilter({})}>
              {t('filter.clear')}
            </Button>
          ) : (
            addButton('notes-empty-add') || undefined
          )
        }
      />
    );
  } else {
    content = (
      <Stack spacing={2} data-testid="notes-list">
        {notes.data.map((note) => (
          <NoteCard
            key={note.id}
            note={note}
            farmId={farmId}
            onEdit={canEdit ? () => setEditing(note) : undefined}
            onDelete={canDelete ? () => setDeleting(note) : undefined}
          />
        ))}
      </Stack>
    );
  }

  return (
    <Stack spacing={3} sx={{ maxWidth: 960, mx: 'auto' }} data-testid="notes-page">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-end' } }}
      >
        <Box>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, sm: 32 } }}>
            {t('title')}
          </Typography>
          <Typography color="text.secondary">{t('subtitle', { farm: farmName })}</Typography>
        </Box>
        {addButton('note-add')}
      </Stack>
      <Filters filter={filter} onChange={setFilter} plots={plots.data ?? []} authors={authors} />
      <KeptNotes notes={kept} />
      {content}
      {editing !== null && (
        <NoteDialog
          farmId={farmId}
          note={editing === 'new' ? null : editing}
          plots={plots.data ?? []}
          initialPlotId={editing === 'new' ? linkedPlot : null}
          onClose={closeForm}
          onSaved={(saved) => {
            closeForm();
            notify(
              saved
                ? { key: 'saved', ns: 'notes', severity: 'success' }
                : { key: 'kept_notice', ns: 'notes', severity: 'info' },
            );
          }}
        />
      )}
      {deleting && (
        <ConfirmDeleteDialog
          id="note-delete-dialog"
          title={t('delete.title')}
          description={t('delete.description', { title: deleting.title })}
          cancelLabel={t('delete.cancel')}
          confirmLabel={t('delete.confirm')}
          remove={() => deleteNote(deleting.id)}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            void queryClient.invalidateQueries({ queryKey: noteKeys.all(farmId) });
            notify({ key: 'deleted', ns: 'notes', severity: 'success' });
          }}
        />
      )}
    </Stack>
  );
}

/** /notes: the field notebook of the current farm (spec 3 §2 Notes); a farm switch reloads it. */
export function NotesPage() {
  return (
    <CurrentFarmGate namespace="notes" testId="notes-no-farm" loading={<Loading />}>
      {(farm) => <Notebook key={farm.id} farmId={farm.id} farmName={farm.nome} />}
    </CurrentFarmGate>
  );
}
