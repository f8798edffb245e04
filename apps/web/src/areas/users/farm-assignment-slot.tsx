import { Alert } from '@mui/material';
import { useTranslation } from 'react-i18next';

/**
 * Which farms a user may see: administrator profiles see every farm of the account; the others,
 * the farms assigned here. The farm picker arrives with the farms issue; until then the form
 * sends `farm_ids: []` and this slot says so.
 */
export function FarmAssignmentSlot({ allFarms }: { allFarms: boolean | null }) {
  const { t } = useTranslation('users');
  return (
    <Alert severity="info" variant="outlined" data-testid="farm-assignment-slot">
      {allFarms ? t('farms.all') : t('farms.later')}
    </Alert>
  );
}
