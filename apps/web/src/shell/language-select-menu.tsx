import { useEffect, useId, useRef } from 'react';
import { MenuItem, TextField, InputAdornment } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import { LANGUAGES, isLanguage } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { changeLanguage, useLanguage } from '../lib/i18n';

/** How the user opened the language choice: a press of the main button, or one of its keys. */
export type OpenGesture = { type: 'mousedown' } | { type: 'keydown'; key: string };

/**
 * Language choice (pt, en, es), each shown by its own name: MUI's Select, with its menu. It takes
 * the place of the closed select of language-select.tsx once someone opens that one, and opens
 * the way they did (`opening`): the same event on its own element, so focus, the menu's first
 * highlighted item and where focus returns on close are MUI's own. Without `opening` (the
 * visitor moved on while it loaded) it stays closed.
 */
export function LanguageSelectMenu({ opening }: { opening: OpenGesture | null }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const replayed = useRef(false);

  useEffect(() => {
    if (replayed.current || !opening) return;
    // On the next task: MUI's Select learns its element (its menu's anchor) in a re-render.
    const timer = setTimeout(() => {
      const display = document.getElementById(id);
      if (!display) return;
      replayed.current = true;
      display.focus();
      display.dispatchEvent(
        opening.type === 'mousedown'
          ? new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 })
          : new KeyboardEvent('keydown', { bubbles: true, cancelable: true, key: opening.key }),
      );
    });
    return () => clearTimeout(timer);
  }, [id, opening]);

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
