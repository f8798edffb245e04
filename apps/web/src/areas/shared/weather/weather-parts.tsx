import type { ReactElement } from 'react';
import { Alert, Button, Chip, Tooltip } from '@mui/material';
import AcUnitOutlinedIcon from '@mui/icons-material/AcUnitOutlined';
import CloudOutlinedIcon from '@mui/icons-material/CloudOutlined';
import FoggyIcon from '@mui/icons-material/Foggy';
import GrainOutlinedIcon from '@mui/icons-material/GrainOutlined';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import ThunderstormOutlinedIcon from '@mui/icons-material/ThunderstormOutlined';
import UmbrellaOutlinedIcon from '@mui/icons-material/UmbrellaOutlined';
import WbCloudyOutlinedIcon from '@mui/icons-material/WbCloudyOutlined';
import WbSunnyOutlinedIcon from '@mui/icons-material/WbSunnyOutlined';
import type { WeatherCondition } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';

/**
 * The label every screen of offline weather carries (DESIGN.md §6: simulated data is never
 * presented as real).
 */
export function SimulatedChip() {
  const { t } = useTranslation('weather');
  return (
    <Tooltip title={t('simulated_hint')} describeChild>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        icon={<ScienceOutlinedIcon />}
        label={t('simulated')}
        data-testid="weather-simulated"
      />
    </Tooltip>
  );
}

/** The spec's 'Fail to load wheather' (spec 3 §8), in the user's words, with a retry. */
export function WeatherLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('weather');
  return (
    <Alert
      severity="error"
      data-testid="weather-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    >
      {t('error')}
    </Alert>
  );
}

const CONDITION_ICONS: Record<WeatherCondition, ReactElement> = {
  clear: <WbSunnyOutlinedIcon />,
  partly_cloudy: <WbCloudyOutlinedIcon />,
  cloudy: <CloudOutlinedIcon />,
  fog: <FoggyIcon />,
  drizzle: <GrainOutlinedIcon />,
  rain: <UmbrellaOutlinedIcon />,
  showers: <UmbrellaOutlinedIcon />,
  thunderstorm: <ThunderstormOutlinedIcon />,
  snow: <AcUnitOutlinedIcon />,
};

export function ConditionIcon({ condition }: { condition: WeatherCondition }) {
  const { t } = useTranslation('weather');
  return (
    <Tooltip title={t(`conditions.${condition}`)}>
      <span
        role="img"
        aria-label={t(`conditions.${condition}`)}
        style={{ display: 'inline-flex', color: 'inherit' }}
      >
        {CONDITION_ICONS[condition]}
      </span>
    </Tooltip>
  );
}
