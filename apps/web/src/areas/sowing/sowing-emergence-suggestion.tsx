import { Alert, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useEmergenceSuggestion } from '../../api/sowings';
import { useLanguage } from '../../lib/i18n';
import { formatDateOnly } from '../../lib/date-only';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The emergence date the account's earlier sowings of the variety suggest for the typed sowing
 * date, offered with a "Use it" button: never filled in silently. Nothing shows when there is no
 * suggestion, when it is already the typed date, or when the API does not answer one (404).
 */
export function SowingEmergenceSuggestion({
  cultivarId,
  sowingDate,
  emergenceDate,
  onUse,
}: {
  cultivarId: number | null;
  sowingDate: string;
  emergenceDate: string;
  onUse: (day: string) => void;
}) {
  const { t } = useTranslation('sowings');
  const language = useLanguage();
  const suggestion = useEmergenceSuggestion(cultivarId, DAY.test(sowingDate) ? sowingDate : null);
  const day = suggestion.data?.data_emergencia ?? null;
  const days = suggestion.data?.dias ?? null;
  if (!DAY.test(sowingDate) || day === null || days === null || day === emergenceDate) return null;
  return (
    <Alert
      severity="success"
      variant="outlined"
      data-testid="sowing-emergence-suggestion"
      action={
        <Button color="inherit" size="small" onClick={() => onUse(day)}>
          {t('form.suggestion_use')}
        </Button>
      }
    >
      {t('form.suggestion', { count: days, date: formatDateOnly(day, language) })}
    </Alert>
  );
}
