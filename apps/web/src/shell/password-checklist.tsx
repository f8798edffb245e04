import { Box, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { checkPassword, PASSWORD_MIN_LENGTH, type PasswordCheck } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from './visually-hidden';

const RULES: readonly (keyof PasswordCheck)[] = ['length', 'upper', 'lower', 'digit'];

/** The password rule of @lavoura/domain, ticked off live as the user types. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation('auth');
  const check = checkPassword(password);
  return (
    <Box id={id} data-testid="password-checklist" sx={{ mt: -0.5 }}>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {t('password.rule_title')}
      </Typography>
      <Stack
        component="ul"
        sx={{
          listStyle: 'none',
          m: 0,
          p: 0,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          gap: 0.5,
        }}
      >
        {RULES.map((rule) => (
          <Stack
            key={rule}
            component="li"
            direction="row"
            spacing={0.75}
            data-met={check[rule]}
            sx={{ alignItems: 'center', color: check[rule] ? 'success.main' : 'text.secondary' }}
          >
            {check[rule] ? (
              <CheckCircleIcon sx={{ fontSize: 16 }} aria-hidden />
            ) : (
              <RadioButtonUncheckedIcon sx={{ fontSize: 16 }} aria-hidden />
            )}
            <Typography variant="caption" sx={{ color: 'inherit' }}>
              {t(`password.rule.${rule}`, { min: PASSWORD_MIN_LENGTH })}
              <Box component="span" sx={visuallyHidden}>
                {' '}
                {t(check[rule] ? 'password.rule_met' : 'password.rule_missing')}
              </Box>
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
