import { Box, MenuItem, Paper, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { Crop, SeasonCrop } from '../../api/reference';

/**
 * The crop and season selects of /programas. The same choice as /cultivares (the crop kept in local
 * storage, variety-season.ts); the varieties page's filter is its own, so this one is a small copy.
 */
export function ProgramSeasonFilter({
  crops,
  crop,
  seasons,
  season,
  onCrop,
  onSeason,
}: {
  crops: readonly Crop[];
  crop: Crop;
  seasons: readonly SeasonCrop[];
  season: SeasonCrop | null;
  onCrop: (cropId: number) => void;
  onSeason: (seasonName: string) => void;
}) {
  const { t } = useTranslation(['programs', 'reference']);
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
      <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label={t('filter.crop')}
          value={crop.id}
          onChange={(event) => onCrop(Number(event.target.value))}
          sx={field}
          data-testid="programs-crop"
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
            data-testid="programs-season"
          >
            {seasons.map((option) => (
              <MenuItem key={option.id} value={option.id}>
                {seasonLabel(option)}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </Paper>
  );
}
