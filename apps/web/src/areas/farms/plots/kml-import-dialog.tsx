import { useMemo, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { ERROR_KEYS, PLOT_IMPORT_LIMITS, type PlotOverlapInfo } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import type { Farm, Plot } from '../../../api/farms';
import { ApiError } from '../../../api/http';
import {
  importKml,
  invalidateAfterPlotWrite,
  previewKml,
  type KmlPreview,
} from '../../../api/plots';
import { PlotsMap, type MapPlot } from '../../../lib/map/plots-map';
import { FarmDialogTitle } from './farm-dialog-title';
import { PlotErrorAlert } from './plot-error-alert';
import { PlotOverlapDialog, overlapInfoOf } from './plot-overlap-dialog';
import { useAreaText } from './plot-texts';

/** The file too large, said before sending it. */
function tooLarge(): ApiError {
  return new ApiError(413, {
    code: 413,
    key: ERROR_KEYS.fileTooLarge,
    context: { message: 'The file is larger than 5 MB' },
  });
}

/**
 * KML import: pick a .kml or .kmz file, see its polygons on the map and in a list with their
 * names and areas (read and measured by the server, nothing saved), pick the attribute that names
 * them when the file carries some (a CAR export's COD_IMOVEL), then save them all in one go: the
 * same file goes to the server again, which reads and saves it as its preview showed it. A file
 * with any bad polygon imports nothing: the error names its Placemark and its place in the file.
 */
export function KmlImportDialog({
  farm,
  onClose,
  onSaved,
}: {
  farm: Farm;
  onClose: () => void;
  onSaved: (plots: Plot[]) => void;
}) {
  const { t } = useTranslation(['farms', 'errors']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const queryClient = useQueryClient();
  const areaText = useAreaText();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<KmlPreview | null>(null);
  // The attribute naming the plots; '' for each Placemark's own name.
  const [nameAttribute, setNameAttribute] = useState('');
  // The file's attributes, kept while a new preview is read with another one picked.
  const [attributes, setAttributes] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // The overlaps the server named (409 exception.plot.overlap), to confirm before importing.
  const [asking, setAsking] = useState<PlotOverlapInfo | null>(null);

  /** Previews a new file, or the same file again with another attribute naming the plots. */
  const read = async (picked: File, attribute?: string) => {
    setFile(picked);
    setPreview(null);
    setFailure(null);
    setSelectedId(null);
    setNameAttribute(attribute ?? '');
    if (attribute === undefined) setAttributes([]);
    if (picked.size > PLOT_IMPORT_LIMITS.maxBytes) {
      setFailure(tooLarge());
      return;
    }
    setReading(true);
    try {
      const answer = await previewKml(picked, attribute ? { nameAttribute: attribute } : {});
      setPreview(answer);
      if (attribute === undefined) setAttributes(answer.attributes);
    } catch (error) {
      setFailure(error);
    } finally {
      setReading(false);
    }
  };

  const save = async (confirmOverlap = false) => {
    if (!preview || !file) return;
    setSaving(true);
    setFailure(null);
    try {
      const saved = await importKml(farm.id, file, {
        ...(nameAttribute ? { nameAttribute } : {}),
        ...(confirmOverlap ? { confirmOverlap: true } : {}),
      });
      await invalidateAfterPlotWrite(queryClient, farm.id);
      setAsking(null);
      onSaved(saved);
    } catch (error) {
      const named = overlapInfoOf(error);
      if (named && !confirmOverlap) setAsking(named);
      else {
        setAsking(null);
        setFailure(error);
      }
      setSaving(false);
    }
  };

  // The preview's polygons have no ids yet: their place in the file stands in.
  const mapPlots = useMemo<MapPlot[]>(
    () =>
      preview?.plots.map((plot, index) => ({
        id: index + 1,
        name: plot.nome,
        geometry: plot.geometry,
        areaLabel: areaText(plot.area_calculada),
      })) ?? [],
    [preview, areaText],
  );
  const totalArea = preview?.plots.reduce((sum, plot) => sum + plot.area_calculada, 0) ?? 0;
  const count = preview?.plots.length ?? 0;

  return (
    <Dialog
      open
      onClose={saving ? undefined : onClose}
      fullScreen={fullScreen}
      maxWidth="md"
      fullWidth
      aria-labelledby="kml-import-title"
      data-testid="kml-import-dialog"
    >
      <FarmDialogTitle id="kml-import-title" title={t('plots.kml.title')} farmName={farm.nome} />
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DialogContentText>{t('plots.kml.description')}</DialogContentText>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <Button
              variant="outlined"
              startIcon={<UploadFileOutlinedIcon />}
              onClick={() => input.current?.click()}
              disabled={reading || saving}
              data-testid="kml-choose"
            >
              {t(file ? 'plots.kml.choose_other' : 'plots.kml.choose')}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              accept=".kml,.kmz,.geojson,.json,.zip,application/vnd.google-earth.kml+xml,application/vnd.google-earth.kmz,application/geo+json,application/zip"
              aria-label={t('plots.kml.choose')}
              data-testid="kml-file"
              onChange={(event) => {
                const picked = event.target.files?.[0];
                event.target.value = '';
                if (picked) void read(picked);
              }}
            />
            {file && (
              <Typography
                variant="body2"
                color="text.secondary"
                sx={{ overflowWrap: 'anywhere' }}
                data-testid="kml-file-name"
              >
                {file.name}
              </Typography>
            )}
          </Stack>
          {file && attributes.length > 0 && (
            <TextField
              select
              label={t('plots.kml.name_by')}
              helperText={t('plots.kml.name_by_help')}
              value={nameAttribute}
              disabled={reading || saving}
              onChange={(event) => void read(file, event.target.value)}
              sx={{ maxWidth: { sm: 360 } }}
              slotProps={{
                // '' (each Placemark's own name) is an option to show, not an empty field.
                select: {
                  displayEmpty: true,
                  SelectDisplayProps: { 'data-testid': 'kml-name-by' } as object,
                },
                inputLabel: { shrink: true },
              }}
            >
              <MenuItem value="">{t('plots.kml.name_by_own')}</MenuItem>
              {attributes.map((attribute) => (
                <MenuItem key={attribute} value={attribute}>
                  {attribute}
                </MenuItem>
              ))}
            </TextField>
          )}
          {failure !== null && <PlotErrorAlert error={failure} />}
          {reading && (
            <Stack
              direction="row"
              spacing={1.5}
              role="status"
              sx={{ alignItems: 'center' }}
              data-testid="kml-reading"
            >
              <CircularProgress size={20} aria-hidden />
              <Typography>{t('plots.kml.reading')}</Typography>
            </Stack>
          )}
          {preview && (
            <>
              <Alert severity="info" data-testid="kml-summary">
                {t('plots.kml.summary', { count, area: areaText(totalArea) })}
              </Alert>
              <PlotsMap
                plots={mapPlots}
                selectedId={selectedId}
                onSelect={setSelectedId}
                height={fullScreen ? 280 : 340}
                ariaLabel={t('plots.kml.map_aria', { file: file?.name ?? '' })}
              />
              <Box>
                <Typography variant="subtitle2" component="h3" id="kml-preview-list-title">
                  {t('plots.kml.list_title')}
                </Typography>
                <List dense aria-labelledby="kml-preview-list-title" data-testid="kml-preview-list">
                  {mapPlots.map((plot) => (
                    <ListItem
                      key={plot.id}
                      divider
                      data-testid="kml-preview-item"
                      onClick={() => setSelectedId(plot.id)}
                      sx={{
                        bgcolor: plot.id === selectedId ? 'action.selected' : undefined,
                        cursor: 'pointer',
                      }}
                    >
                      <ListItemText
                        primary={plot.name}
                        secondary={plot.areaLabel}
                        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                      />
                    </ListItem>
                  ))}
                </List>
              </Box>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={saving}>
          {t('dialog.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={!preview || saving || reading}
          onClick={() => void save()}
          data-testid="kml-save"
        >
          {preview ? t('plots.kml.save', { count }) : t('plots.kml.save_none')}
        </Button>
      </DialogActions>
      {asking && (
        <PlotOverlapDialog
          info={asking}
          importing
          saving={saving}
          onConfirm={() => void save(true)}
          onCancel={() => setAsking(null)}
        />
      )}
    </Dialog>
  );
}
