import { useState } from 'react';
import {
  Avatar,
  Box,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Divider,
  MenuItem,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import GrassIcon from '@mui/icons-material/Grass';
import { COUNTRIES, COUNTRY_IDS, findCountry, type CountryId } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { useCrops, useSeasonCrops, type Crop, type SeasonCrop } from '../../api/reference';
import { useLanguage } from '../../lib/i18n';
import { formatDateOnlyRange } from '../../lib/date-only';
import { ApiErrorAlert } from '../../shell/api-error-alert';

function CropRow({ crop, season }: { crop: Crop; season: SeasonCrop | undefined }) {
  const { t } = useTranslation(['home', 'reference']);
  const language = useLanguage();
  return (
    <Stack
      data-testid={`crop-${crop.code}`}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 1, sm: 2 }}
      sx={{ py: 2, alignItems: { sm: 'center' } }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
        <Avatar sx={{ bgcolor: 'primary.main', width: 40, height: 40 }}>
          <GrassIcon />
        </Avatar>
        <Typography variant="h6" component="h3">
          {t(crop.message_key, { ns: 'reference' })}
        </Typography>
      </Stack>
      {season ? (
        <Box sx={{ textAlign: { sm: 'right' }, pl: { xs: 6.5, sm: 0 } }}>
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', justifyContent: { sm: 'flex-end' } }}
          >
            <Chip size="small" color="primary" variant="outlined" label={t('seasons.current')} />
            <Typography sx={{ fontWeight: 500 }}>{season.season_name}</Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {formatDateOnlyRange(season.start_period, season.end_period, language)}
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ pl: { xs: 6.5, sm: 0 } }}>
          {t('seasons.no_current')}
        </Typography>
      )}
    </Stack>
  );
}

function RowsSkeleton() {
  return (
    <Box data-testid="crops-loading" aria-busy>
      {[0, 1].map((row) => (
        <Stack key={row} direction="row" spacing={1.5} sx={{ py: 2, alignItems: 'center' }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Box sx={{ flex: 1 }}>
            <Skeleton width="40%" height={28} />
            <Skeleton width="70%" />
          </Box>
        </Stack>
      ))}
    </Box>
  );
}

/**
 * The crops the app manages and, per crop, the season that is current in the chosen country (the
 * account's country first).
 */
export function CropSeasonsCard({ initialCountryId }: { initialCountryId?: number }) {
  const { t } = useTranslation(['home', 'reference']);
  const [countryId, setCountryId] = useState<CountryId>(
    findCountry(initialCountryId ?? COUNTRY_IDS.brazil)?.id ?? COUNTRY_IDS.brazil,
  );
  const crops = useCrops();
  const seasonCrops = useSeasonCrops();
  const error = crops.error ?? seasonCrops.error;
  const country = findCountry(countryId);

  const currentSeason = (crop: Crop) =>
    seasonCrops.data?.find(
      (row) => row.crop_id === crop.id && row.country_id === countryId && row.status === 'current',
    );

  const retry = () => {
    if (crops.isError) void crops.refetch();
    if (seasonCrops.isError) void seasonCrops.refetch();
  };

  return (
    <Card component="section" aria-labelledby="crop-seasons-title">
      <CardHeader
        title={t('seasons.title')}
        subheader={
          country && t('seasons.subtitle', { country: t(country.message_key, { ns: 'reference' }) })
        }
        slotProps={{ title: { id: 'crop-seasons-title', component: 'h2', variant: 'h6' } }}
        action={
          <TextField
            select
            size="small"
            label={t('seasons.country_label')}
            value={countryId}
            onChange={(event) => {
              const next = findCountry(Number(event.target.value));
              if (next) setCountryId(next.id);
            }}
            sx={{ minWidth: 150 }}
          >
            {COUNTRIES.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {t(option.message_key, { ns: 'reference' })}
              </MenuItem>
            ))}
          </TextField>
        }
        sx={{
          flexWrap: 'wrap',
          rowGap: 2,
          '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' },
        }}
      />
      <Divider />
      <CardContent sx={{ py: 0, '&:last-child': { pb: 0 } }}>
        {error ? (
          <Box sx={{ py: 2 }}>
            <ApiErrorAlert error={error} onRetry={retry} retryLabel={t('seasons.retry')} />
          </Box>
        ) : !crops.isSuccess || !seasonCrops.isSuccess ? (
          <RowsSkeleton />
        ) : crops.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 3 }}>
            {t('seasons.empty')}
          </Typography>
        ) : (
          <Stack divider={<Divider flexItem />}>
            {crops.data.map((crop) => (
              <CropRow key={crop.id} crop={crop} season={currentSeason(crop)} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
