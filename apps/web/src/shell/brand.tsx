import { Box, SvgIcon, Typography, type SvgIconProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The leaf mark of the favicon, drawn inline (no image request). */
export function LavouraMark(props: SvgIconProps) {
  return (
    <SvgIcon viewBox="0 0 64 64" {...props}>
      <rect width="64" height="64" rx="14" fill="currentColor" />
      <path d="M18 46c0-17 11-28 30-28 0 19-11 30-28 30" fill="#fff" />
      <path
        d="M18 46l16-16"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        fill="none"
      />
    </SvgIcon>
  );
}

export function Brand() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <LavouraMark color="primary" sx={{ fontSize: 32 }} />
      <Typography
        component="span"
        sx={{ fontWeight: 700, fontSize: 22, letterSpacing: '-0.01em', color: 'secondary.main' }}
      >
        {t('app_name')}
      </Typography>
    </Box>
  );
}
