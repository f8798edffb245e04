import type { ReactNode } from 'react';
import { Box, MenuItem, Paper, Stack, TextField } from '@mui/material';
import type { Namespace } from '@lavoura/i18n/web';
import { useTranslation } from 'react-i18next';
import type { Crop, SeasonCrop } from '../../api/reference';

/**
 * The crop and season selects of /cultivares, /programas and /performance: a farm's varieties and their plans
 * are chosen per season-crop (the crop kept in local storage, variety-season.ts). `namespace`
 * holds the `filter.*` texts and names the test ids; `children` go at the end of the row.
 */
export function CropSeasonFilter({
  namespace,
  crops,
  crop,
  seasons,
  season,
  onCrop,
  onSeason,
  children,
}: {
  namespace: Extract<Namespace, 'varieties' | 'programs' | 'performance'>;
  crops: readonly Crop[];
  crop: Crop;
  seasons: readonly SeasonCrop[];
  season: SeasonCrop | null;
  onCrop: (cropId: number) => void;
  onSeason: (seasonName: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation([namespace, 'reference']);
  const field = {
    minWidth: { xs: 0, sm: 180 },
    flex: { xs: '1 1 calc(50% - 12px)', sm: '0 1 220px' },
  };
  const seasonLabel = (option: SeasonCrop) =>
    option.status === 'current'
      ? t('filter.current', { name: option.season_name })
      : option.season_name;
  return (
    <Paper variant="outlined" component="section" aria-label={t('filter.label')} sx={{ p: 2 }}>
      <Stack
        direction="row"
        useFlexGap
        spacing={1.5}
        sx={{ flexWrap: 'wrap', alignItems: 'center' }}
      >
        <TextField
          select
          size="small"
          label={t('filter.crop')}
          value={crop.id}
          onChange={(event) => onCrop(Number(event.target.value))}
          sx={field}
          data-testid={`${namespace}-crop`}
        >
          {crops.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {t(option.message_key, { ns: 'reference' })}
            </MenuItem>
          ))}
        </TextField>
        {season && (
          <TextField
            select
            size="small"
            label={t('filter.season')}
            value={season.id}
            onChange={(event) => {
              const next = seasons.find((row) => row.id === Number(event.target.value));
              if (next) onSeason(next.season_name);
            }}
            sx={field}
            slotProps={{
              select: {
                // On a phone the two selects share a row: the chosen season by its name only.
                renderValue: () => (
                  <>
                    <Box component="span" sx={{ display: { xs: 'inline', sm: 'none' } }}>
                      {season.season_name}
                    </Box>
                    <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                      {seasonLabel(season)}
                    </Box>
                  </>
                ),
              },
            }}
            data-testid={`${namespace}-season`}
          >
            {seasons.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {seasonLabel(option)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {children}
      </Stack>
    </Paper>
  );
}
