/**
 * Styles of text that only screen readers get. Sizes are strings on purpose: in MUI's `sx` a bare
 * `1` means 100 %, which made such a hidden element as wide as its container and let pages scroll
 * sideways into blank space.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
