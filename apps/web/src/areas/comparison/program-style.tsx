import { Box } from '@mui/material';

/**
 * How each compared program is told apart, in its column and on the chart: a colour and a dash
 * pattern by its place in the comparison, so colour is never the only signal. The colours keep a
 * 3:1 contrast on white and stay apart for the common colour-vision deficiencies.
 */
const PROGRAM_STYLES = [
  { color: '#1d4ed8', dash: undefined },
  { color: '#c2410c', dash: '8 4' },
  { color: '#047857', dash: '2 3' },
  { color: '#7e22ce', dash: '10 3 2 3' },
  { color: '#a16207', dash: '5 2' },
  { color: '#0e7490', dash: '1 2' },
] as const;

/** At most this many programs side by side. */
export const MAX_COMPARED = PROGRAM_STYLES.length;

export type ProgramStyle = (typeof PROGRAM_STYLES)[number];

export function programStyle(index: number): ProgramStyle {
  return PROGRAM_STYLES[index % PROGRAM_STYLES.length]!;
}

/** The program's line as drawn on the chart, for its column and the legend. */
export function ProgramMarker({ index }: { index: number }) {
  const style = programStyle(index);
  return (
    <Box
      component="svg"
      width={28}
      height={12}
      viewBox="0 0 28 12"
      aria-hidden
      sx={{ display: 'block', flexShrink: 0 }}
    >
      <line
        x1={1}
        x2={27}
        y1={6}
        y2={6}
        stroke={style.color}
        strokeWidth={3}
        strokeDasharray={style.dash}
      />
    </Box>
  );
}
