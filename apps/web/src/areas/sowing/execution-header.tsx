import { Autocomplete, Box, InputAdornment, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslation } from 'react-i18next';
import type { Sowing } from '../../api/sowings';

/** A sowing as the picker shows it: its plot and variety, already in words. */
export interface SowingOption {
  sowing: Sowing;
  plot: string;
  variety: string;
}

const labelOf = (option: SowingOption) => `${option.plot} · ${option.variety}`;

/**
 * The header's search: the current farm's sowings of the current season, found by plot or
 * variety name, each saying whether it has a program and how far it is.
 */
export function SowingPicker({
  options,
  value,
  loading,
  onChange,
}: {
  options: readonly SowingOption[];
  /** The shown sowing; one outside the list (another season's) leaves the search empty. */
  value: number | null;
  loading: boolean;
  onChange: (sowingId: number) => void;
}) {
  const { t } = useTranslation('execution');
  // The options are the sowings' ids: a value that is the same number on every render keeps what
  // is being typed (an object rebuilt on each render would reset it).
  const byId = new Map(options.map((option) => [option.sowing.id, option]));
  const ids = options.map((option) => option.sowing.id);
  const selected = value !== null && byId.has(value) ? value : null;
  return (
    <Autocomplete
      options={ids}
      value={selected}
      onChange={(_, id) => {
        if (id !== null) onChange(id);
      }}
      getOptionLabel={(id) => {
        const option = byId.get(id);
        return option ? labelOf(option) : '';
      }}
      loading={loading}
      loadingText={t('picker.loading')}
      noOptionsText={t('picker.no_options')}
      disableClearable={selected !== null}
      autoHighlight
      sx={{ width: { xs: '100%', md: 380 }, flexShrink: 0 }}
      renderOption={(props, id) => {
        const { key, ...rest } = props as typeof props & { key: string };
        const option = byId.get(id)!;
        const total = option.sowing.total_aplicacoes ?? 0;
        return (
          <Box component="li" key={key} {...rest} data-testid="sowing-option">
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {option.plot}
              </Typography>
              <Typography variant="caption" color="text.secondary" component="p">
                {option.variety} ·{' '}
                {option.sowing.programa
                  ? t('picker.with_program', {
                      applied: option.sowing.total_execucoes ?? 0,
                      total,
                    })
                  : t('picker.without_program')}
              </Typography>
            </Box>
          </Box>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('picker.label')}
          placeholder={t('picker.placeholder')}
          slotProps={{
            input: {
              ...params.InputProps,
              startAdornment: (
                <>
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                  {params.InputProps.startAdornment}
                </>
              ),
            },
            htmlInput: { ...params.inputProps, 'data-testid': 'execution-sowing-search' },
          }}
        />
      )}
    />
  );
}
