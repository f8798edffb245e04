import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  IconButton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import { useQueryClient } from '@tanstack/react-query';
import {
  ERROR_KEYS,
  NOTE_CATEGORIES,
  NOTE_FILE_EXTENSIONS,
  NOTE_FILE_MAX_BYTES,
  isNoteFileName,
  noteBodySchema,
  noteDescriptionSchema,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod/mini';
import type { Plot } from '../../api/farms';
import { createNote, noteKeys, updateNote, type Note } from '../../api/notes';
import { setApiFieldErrors } from '../../lib/field-errors';
import { FormSelectField } from '../../lib/form-choice-fields';
import { FormTextField, useSchemaForm } from '../../lib/form-fields';
import { queuedFiles } from '../../app/offline/outbox';
import { sendOrKeep, useOutboxOwner } from '../../app/offline/outbox-sync';
import { ApiErrorAlert } from '../../shell/api-error-alert';

const NO_PLOT = 'none';

/**
 * The contract's note, with the dialog's text box (always text), its empty category select ('')
 * and its "whole farm" plot choice, which the body sends as no plot (null).
 */
const noteFormSchema = z.extend(noteBodySchema, {
  description: noteDescriptionSchema,
  category_id: z.pipe(z.union([z.literal(''), z.number()]), noteBodySchema.shape.category_id),
  plot_id: z.pipe(
    z.union([z.number(), z.literal(NO_PLOT)]),
    z.transform((plot) => (plot === NO_PLOT ? null : plot)),
  ),
});
type NoteFormValues = z.input<typeof noteFormSchema>;

const ACCEPT = NOTE_FILE_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export const isImage = (mimetype: string) =>
  mimetype.startsWith('image/') && mimetype !== 'image/heic';

/** A file the user picked: refused here already when its name or size says so. */
function fileRefusal(file: File): string | null {
  if (!isNoteFileName(file.name)) return ERROR_KEYS.fileUnsupportedType;
  if (file.size > NOTE_FILE_MAX_BYTES) return ERROR_KEYS.fileTooLarge;
  return null;
}

/** A small preview of a picked image, its object URL released with it. */
function PickedPreview({ file }: { file: File }) {
  const url = useMemo(
    () =>
      file.type.startsWith('image/') && typeof URL.createObjectURL === 'function'
        ? URL.createObjectURL(file)
        : null,
    [file],
  );
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url ? (
    <Box
      component="img"
      src={url}
      alt=""
      sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1 }}
    />
  ) : (
    <InsertDriveFileOutlinedIcon color="action" />
  );
}

interface NoteDialogProps {
  farmId: number;
  /** null: a new note. */
  note: Note | null;
  plots: readonly Plot[];
  /** A new note's field (from the plot page). */
  initialPlotId?: number | null;
  onClose: () => void;
  /** null: written without signal, the note waits on the device to be sent. */
  onSaved: (note: Note | null) => void;
}

/**
 * New or edited note: title, category, the field it is about (or the whole farm), the text and
 * attachments. Picked files are checked by name and size here; the server checks their content.
 * Editing can remove attachments (undoable until saved) and add new ones.
 */
export function NoteDialog({
  farmId,
  note,
  plots,
  initialPlotId,
  onClose,
  onSaved,
}: NoteDialogProps) {
  const { t } = useTranslation(['notes', 'reference', 'errors']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const owner = useOutboxOwner();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const [fileError, setFileError] = useState<{ key: string; name: string } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const defaults = useMemo<NoteFormValues>(
    () => ({
      title: note?.title ?? '',
      description: note?.description ?? '',
      category_id: note?.category.id ?? '',
      plot_id: note ? (note.plot?.id ?? NO_PLOT) : (initialPlotId ?? NO_PLOT),
    }),
    [note, initialPlotId],
  );
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(noteFormSchema, defaults);

  const pick = (picked: FileList | null) => {
    setFileError(null);
    const accepted: File[] = [];
    for (const file of Array.from(picked ?? [])) {
      const refusal = fileRefusal(file);
      if (refusal) setFileError({ key: refusal, name: file.name });
      else accepted.push(file);
    }
    setFiles((current) => [...current, ...accepted]);
    if (input.current) input.current.value = '';
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (note) {
        const saved = await updateNote(farmId, note.id, values, files, [...removed]);
        await queryClient.invalidateQueries({ queryKey: noteKeys.all(farmId) });
        onSaved(saved);
        return;
      }
      // A new note is kept on the device without signal (issue 30 item 7).
      const saved = await sendOrKeep(
        owner,
        { kind: 'note', farmId, body: values, files: await queuedFiles(files) },
        () => createNote(farmId, values, files),
      );
      if (saved === 'kept') return onSaved(null);
      await queryClient.invalidateQueries({ queryKey: noteKeys.all(farmId) });
      onSaved(saved);
    } catch (error) {
      if (!setApiFieldErrors(error, setError)) setFailure(error);
    }
  });

  const plotOptions = [
    { value: NO_PLOT, label: t('form.no_plot') },
    ...plots.map((plot) => ({ value: plot.id, label: plot.nome })),
  ];

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="sm"
      fullWidth
      aria-labelledby="note-dialog-title"
      data-testid="note-dialog"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="note-dialog-title">
          {t(note ? 'form.edit_title' : 'form.create_title')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {failure !== null && <ApiErrorAlert error={failure} />}
            <FormTextField
              control={control}
              name="title"
              label={t('form.title')}
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: 120 } }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormSelectField
                control={control}
                name="category_id"
                label={t('form.category')}
                required
                fullWidth
                options={NOTE_CATEGORIES.map((category) => ({
                  value: category.id,
                  label: t(category.message_key, { ns: 'reference' }),
                }))}
                data-testid="note-category"
              />
              <FormSelectField
                control={control}
                name="plot_id"
                label={t('form.plot')}
                fullWidth
                options={plotOptions}
                data-testid="note-plot"
              />
            </Stack>
            <FormTextField
              control={control}
              name="description"
              label={t('form.description')}
              fullWidth
              slotProps={{ input: { multiline: true, minRows: 4 }, htmlInput: { maxLength: 5000 } }}
            />
            <Box>
              <Typography variant="subtitle2" component="h3">
                {t('form.attachments')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {t('form.attach_help')}
              </Typography>
              <Stack spacing={1} data-testid="note-files">
                {note?.files.map((file) => {
                  const gone = removed.has(file.id);
                  return (
                    <Stack
                      key={file.id}
                      direction="row"
                      spacing={1.5}
                      sx={{ alignItems: 'center' }}
                    >
                      {isImage(file.mimetype) ? (
                        <Box
                          component="img"
                          src={file.storage_link}
                          alt=""
                          sx={{ width: 40, height: 40, objectFit: 'cover', borderRadius: 1 }}
                        />
                      ) : (
                        <InsertDriveFileOutlinedIcon color="action" />
                      )}
                      <Typography
                        variant="body2"
                        sx={{
                          flex: 1,
                          minWidth: 0,
                          overflowWrap: 'anywhere',
                          textDecoration: gone ? 'line-through' : undefined,
                          color: gone ? 'text.secondary' : undefined,
                        }}
                      >
                        {file.name}
                      </Typography>
                      {gone && <Chip size="small" label={t('form.removed')} />}
                      <IconButton
                        aria-label={t(gone ? 'form.keep_file' : 'form.remove_file', {
                          name: file.name,
                        })}
                        onClick={() =>
                          setRemoved((current) => {
                            const next = new Set(current);
                            if (gone) next.delete(file.id);
                            else next.add(file.id);
                            return next;
                          })
                        }
                      >
                        {gone ? <UndoIcon /> : <CloseIcon />}
                      </IconButton>
                    </Stack>
                  );
                })}
                {files.map((file, index) => (
                  <Stack
                    key={`${file.name}-${index}`}
                    direction="row"
                    spacing={1.5}
                    sx={{ alignItems: 'center' }}
                    data-testid="note-new-file"
                  >
                    <PickedPreview file={file} />
                    <Typography
                      variant="body2"
                      sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                    >
                      {file.name}
                    </Typography>
                    <IconButton
                      aria-label={t('form.remove_file', { name: file.name })}
                      onClick={() => setFiles((current) => current.filter((item) => item !== file))}
                    >
                      <CloseIcon />
                    </IconButton>
                  </Stack>
                ))}
              </Stack>
              <Button
                component="label"
                variant="outlined"
                startIcon={<AttachFileIcon />}
                sx={{ mt: 1 }}
              >
                {t('form.attach')}
                <input
                  ref={input}
                  type="file"
                  hidden
                  multiple
                  accept={ACCEPT}
                  data-testid="note-file-input"
                  onChange={(event) => pick(event.target.files)}
                />
              </Button>
              {fileError && (
                <FormHelperText error data-testid="note-file-error">
                  {fileError.name}: {t(fileError.key, { ns: 'errors' })}
                </FormHelperText>
              )}
            </Box>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{t('form.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={isSubmitting} data-testid="note-save">
            {t(note ? 'form.save' : 'form.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
