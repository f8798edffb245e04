import {
  forwardRef,
  useId,
  useImperativeHandle,
  useRef,
  useState,
  type ComponentType,
  type FocusEventHandler,
} from 'react';
import { FormControl, InputAdornment, OutlinedInput } from '@mui/material';
import { styled } from '@mui/material/styles';
import { createSvgIcon } from '@mui/material/utils';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../lib/i18n';
import type { OpenGesture } from './language-select-menu';

// MUI's Select brings its Menu, Popover, Modal and focus trap (about 15 kB gzip) to every page
// that shows one, and the public pages show this one. Few visitors change the language they were
// detected in, so the closed select is drawn here (the elements, classes and styles MUI's Select
// gives a closed outlined select), and MUI's Select loads when someone opens it
// (language-select-menu.tsx) and takes its place, opened.

/** MUI's ArrowDropDown, the icon of its Select. */
const ArrowDropDownIcon = createSvgIcon(<path d="M7 10l5 5 5-5z" />, 'ArrowDropDown');

/** The keys that open MUI's Select. */
const OPEN_KEYS = [' ', 'ArrowUp', 'ArrowDown', 'Enter'];

/** MUI's SelectSelect styles for an outlined select (NativeSelectInput's base, Select's own). */
const SelectDisplay = styled('div')(({ theme }) => ({
  MozAppearance: 'none',
  WebkitAppearance: 'none',
  userSelect: 'none',
  cursor: 'pointer',
  borderRadius: theme.shape.borderRadius,
  '&:focus': { borderRadius: theme.shape.borderRadius },
  '&&&': { paddingRight: 32 },
  '&.MuiSelect-select': {
    height: 'auto',
    minHeight: '1.4375em',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
  },
}));

/** MUI's SelectNativeInput: the value for forms, hidden under the display. */
const SelectNativeInput = styled('input')({
  bottom: 0,
  left: 0,
  position: 'absolute',
  opacity: 0,
  pointerEvents: 'none',
  width: '100%',
  boxSizing: 'border-box',
});

/** MUI's SelectIcon for an outlined select. */
const SelectIcon = styled('svg')(({ theme }) => ({
  position: 'absolute',
  right: 7,
  top: 'calc(50% - .5em)',
  pointerEvents: 'none',
  color: theme.palette.action.active,
}));

interface ClosedSelectProps {
  className?: string;
  id?: string;
  value?: unknown;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  onFocus?: FocusEventHandler<HTMLDivElement>;
  onBlur?: FocusEventHandler<HTMLDivElement>;
  /** The name of the current value. */
  display: string;
  onOpen: (gesture: OpenGesture) => void;
}

/** What MUI's SelectInput renders while closed, as OutlinedInput's input component. */
const ClosedSelectInput = forwardRef<{ focus: () => void }, ClosedSelectProps>(
  function ClosedSelectInput(props, ref) {
    const { className, id, value, display, onFocus, onBlur, onOpen } = props;
    const displayRef = useRef<HTMLDivElement>(null);
    useImperativeHandle(ref, () => ({ focus: () => displayRef.current?.focus() }), []);
    return (
      <>
        <SelectDisplay
          ref={displayRef}
          tabIndex={0}
          role="combobox"
          aria-expanded="false"
          aria-haspopup="listbox"
          aria-label={props['aria-label']}
          aria-labelledby={id}
          id={id}
          className={`MuiSelect-select MuiSelect-outlined ${className ?? ''}`}
          onFocus={onFocus}
          onBlur={onBlur}
          onMouseDown={(event) => {
            if (event.button !== 0) return;
            event.preventDefault();
            displayRef.current?.focus();
            onOpen({ type: 'mousedown' });
          }}
          onKeyDown={(event) => {
            if (!OPEN_KEYS.includes(event.key)) return;
            event.preventDefault();
            onOpen({ type: 'keydown', key: event.key });
          }}
        >
          {display}
        </SelectDisplay>
        <SelectNativeInput
          aria-invalid={props['aria-invalid']}
          aria-hidden
          tabIndex={-1}
          className="MuiSelect-nativeInput"
          value={String(value ?? '')}
          onChange={() => {}}
        />
        <SelectIcon as={ArrowDropDownIcon} className="MuiSelect-icon MuiSelect-iconOutlined" />
      </>
    );
  },
);

/** Language choice (pt, en, es), each shown by its own name. */
export function LanguageSelect() {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [menu, setMenu] = useState<{
    Select: ComponentType<{ opening: OpenGesture | null }>;
    opening: OpenGesture | null;
  } | null>(null);
  const loading = useRef(false);

  if (menu) return <menu.Select opening={menu.opening} />;

  const open = (opening: OpenGesture) => {
    if (loading.current) return;
    loading.current = true;
    import('./language-select-menu').then(
      (module) => {
        // Someone who moved on meanwhile gets the select closed, where it was.
        const stillHere = document.activeElement === document.getElementById(id);
        setMenu({ Select: module.LanguageSelectMenu, opening: stillHere ? opening : null });
      },
      (error: unknown) => {
        // Not loaded (offline, a new deployment): the next press tries again.
        loading.current = false;
        console.warn('The language menu did not load', error);
      },
    );
  };

  return (
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      size="small"
      sx={{ minWidth: 150 }}
    >
      <OutlinedInput
        className="MuiSelect-root"
        id={id}
        value={language}
        startAdornment={
          <InputAdornment position="start">
            <TranslateIcon fontSize="small" />
          </InputAdornment>
        }
        inputComponent={ClosedSelectInput as never}
        inputProps={{
          'aria-label': t('language.label'),
          display: t(`language.${language}`),
          onOpen: open,
        }}
      />
    </FormControl>
  );
}
