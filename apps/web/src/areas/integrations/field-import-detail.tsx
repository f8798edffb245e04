import { useState } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { Plot } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useFieldImport } from '../../api/integrations';
import { useCurrentFarm } from '../../app/farm/current-farm-context';
import { useSignedIn } from '../../app/session/signed-in';
import { useAreaText } from '../../lib/area-text';
import { ApiErrorAlert } from '../../shell/api-error-alert';

function ImportForm({ farmId, farmName }: { farmId: number; farmName: string }) {
  const { t } = useTranslation('integrations');
  const areaText = useAreaText();
  const upload = useFieldImport(farmId);
  const [file, setFile] = useState<File | null>(null);
  const [created, setCreated] = useState<Plot[] | null>(null);
  const total = created?.reduce((sum, plot) => sum + plot.area, 0) ?? 0;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" data-testid="field-import-farm">
        {t('field_import.farm', { farm: farmName })}
      </Typography>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {t('field_import.choose')}
          <input
            hidden
            type="file"
            accept=".geojson,.json,.zip,application/geo+json,application/json,application/zip"
            data-testid="field-import-file"
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setCreated(null);
              upload.reset();
            }}
          />
        </Button>
        {file && <Typography variant="body2">{file.name}</Typography>}
      </Stack>
      <Box>
        <Button
          variant="contained"
          disabled={!file || upload.isPending}
          data-testid="field-import-submit"
          onClick={() => file && upload.mutate(file, { onSuccess: (plots) => setCreated(plots) })}
        >
          {upload.isPending ? t('field_import.importing') : t('field_import.import')}
        </Button>
      </Box>
      {created && (
        <Alert severity="success" data-testid="field-import-result">
          {t('field_import.result', { count: created.length, area: areaText(total) })}
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {created.map((plot) => (
              <li key={plot.id} data-testid="field-import-plot">
                {plot.nome} · {areaText(plot.area)}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {upload.error && (
        <Box data-testid="field-import-error">
          <Typography sx={{ mb: 1 }}>{t('field_import.error')}</Typography>
          <ApiErrorAlert error={upload.error} />
        </Box>
      )}
    </Stack>
  );
}

/** The field-data import: a boundaries file becomes plots on the current farm. */
export function FieldImportDetail() {
  const { t } = useTranslation('integrations');
  const { can } = useSignedIn();
  const { farm } = useCurrentFarm();
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h2">
        {t('field_import.title')}
      </Typography>
      <Typography variant="body2">{t('field_import.help')}</Typography>
      {!can('TALHAO_CADASTRAR') ? (
        <Alert severity="info" data-testid="field-import-no-permission">
          {t('field_import.no_permission')}
        </Alert>
      ) : !farm ? (
        <Alert severity="info" data-testid="field-import-no-farm">
          {t('field_import.no_farm')}
        </Alert>
      ) : (
        <ImportForm key={farm.id} farmId={farm.id} farmName={farm.nome} />
      )}
    </Stack>
  );
}
