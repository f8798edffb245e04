import { useId } from 'react';
import { MenuItem, TextField, InputAdornment } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { LANGUAGES, isLanguage } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '../app/i18n';

/** Language choice (pt, en, es), each shown by its own name. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();

  return (
    <TextField
      select
      id={id}
      size="small"
      value={language}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
      }}
      slotProps={{
        htmlInput: { 'aria-label': t('language.label') },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <TranslateIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 150 }}
    >
      {LANGUAGES.map((code) => (
        <MenuItem key={code} value={code} lang={code}>
          {t(`language.${code}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
