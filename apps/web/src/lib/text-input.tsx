import { useId, type ReactNode, type Ref } from 'react';
import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type FormControlProps,
  type InputBaseComponentProps,
  type OutlinedInputProps,
} from '@mui/material';

export interface TextInputProps
  extends
    Pick<
      OutlinedInputProps,
      | 'name'
      | 'type'
      | 'value'
      | 'onChange'
      | 'onBlur'
      | 'onFocus'
      | 'autoComplete'
      | 'autoFocus'
      | 'placeholder'
    >,
    Pick<FormControlProps, 'disabled' | 'error' | 'required' | 'fullWidth' | 'size' | 'sx'> {
  id?: string;
  label?: ReactNode;
  helperText?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
  slotProps?: {
    /** Props of the OutlinedInput (adornments…). */
    input?: Partial<OutlinedInputProps>;
    /** Attributes of the <input> element itself. */
    htmlInput?: InputBaseComponentProps;
  };
}

/**
 * An outlined text input with its label and helper text: what MUI's TextField renders for a text
 * input (same elements, classes, ids and aria), built from its parts. TextField itself also takes
 * in Select, Menu, Popover and the filled and standard inputs, which a text input never shows;
 * selects use TextField's `select` (lib/form-choice-fields.tsx).
 */
export function TextInput({
  id: idOverride,
  label,
  helperText,
  disabled = false,
  error = false,
  required = false,
  fullWidth = false,
  size,
  sx,
  slotProps,
  ...input
}: TextInputProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const hasLabel = label != null && label !== '';
  return (
    // TextField's class too: the same elements and classes as before, for any style that reads them.
    <FormControl
      className="MuiTextField-root"
      variant="outlined"
      disabled={disabled}
      error={error}
      required={required}
      fullWidth={fullWidth}
      size={size}
      sx={sx}
    >
      {hasLabel && (
        <InputLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        fullWidth={fullWidth}
        id={id}
        label={label}
        inputProps={slotProps?.htmlInput}
        {...input}
        {...slotProps?.input}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
