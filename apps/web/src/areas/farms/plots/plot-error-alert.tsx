import { Alert, Button } from '@mui/material';
import { ERROR_KEYS } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http';
import { SUPPORT_EMAIL, contactMailto } from '../../../shell/contact';

/**
 * What the server named in `additionalInfo`: the Placemark of a KML file (its name and place in
 * the file), a geometry's reason, the most plots one file may hold.
 */
function detailsOf(error: unknown): {
  placemark?: string;
  position?: number;
  reason?: string;
  maxPlots?: number;
} {
  if (!(error instanceof ApiError)) return {};
  const info = error.body.context.additionalInfo;
  if (typeof info !== 'object' || info === null || Array.isArray(info)) return {};
  const { placemark, nome, position, reason, max_plots } = info as Record<string, unknown>;
  const name =
    typeof placemark === 'string' ? placemark : typeof nome === 'string' ? nome : undefined;
  return {
    ...(name !== undefined ? { placemark: name } : {}),
    ...(typeof position === 'number' ? { position } : {}),
    ...(typeof reason === 'string' ? { reason } : {}),
    ...(typeof max_plots === 'number' ? { maxPlots: max_plots } : {}),
  };
}

/**
 * A refused plot write or KML file in the user's words: the server's key, the Placemark's name
 * and place in the file and the geometry's reason where it gave them, the way to support past the season's enable limit
 * and a reload for a stale edit (409).
 */
export function PlotErrorAlert({
  error,
  onReload,
  reloading = false,
}: {
  error: unknown;
  onReload?: () => void;
  reloading?: boolean;
}) {
  const { t } = useTranslation(['farms', 'errors']);
  const key = error instanceof ApiError ? error.key : ERROR_KEYS.unexpected;
  const { placemark, position, reason, maxPlots } = detailsOf(error);
  const reasonText =
    reason && key === ERROR_KEYS.plotInvalidGeometry
      ? t(`plots.geometry_problem.${reason}`, { defaultValue: '' })
      : '';
  let action = null;
  if (key === ERROR_KEYS.seasonEnableLimitExceeded) {
    action = (
      <Button
        color="inherit"
        size="small"
        component="a"
        href={contactMailto(t('plots.support_subject'), SUPPORT_EMAIL)}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('contact_support')}
      </Button>
    );
  } else if (key === ERROR_KEYS.conflict && onReload) {
    action = (
      <Button
        color="inherit"
        size="small"
        onClick={onReload}
        disabled={reloading}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('dialog.reload')}
      </Button>
    );
  }
  return (
    <Alert severity="error" action={action} data-testid="plot-error" data-key={key}>
      {t([key, ERROR_KEYS.unexpected], {
        ns: 'errors',
        placemark: placemark ?? '',
        max_plots: maxPlots ?? '',
      })}
      {placemark !== undefined && key === ERROR_KEYS.plotInvalidGeometry && (
        <> {t('plots.in_placemark', { name: placemark })}</>
      )}
      {position !== undefined && <> {t('plots.at_position', { position })}</>}
      {reasonText && <> {reasonText}</>}
    </Alert>
  );
}
