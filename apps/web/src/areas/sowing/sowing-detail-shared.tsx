import type { ReactNode } from 'react';
import { Box, Card, CardContent, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { LOCALE_RULES, type Language } from '@lavoura/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import { InlineMessage } from '../../shell/inline-message';

/** An instant (ISO 8601) in the user's words and clock: "Nov 20, 2026, 6:00 AM". */
export function formatInstant(value: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(value));
}

/** Two instants as one period: "Nov 20, 2026, 6:00 – 9:30 AM". */
export function formatPeriod(start: string, end: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_RULES[language].locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).formatRange(new Date(start), new Date(end));
}

/** An instant as the date field with a time holds it (YYYY-MM-DDTHH:mm), on the user’s clock. */
export function toLocalInput(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const pad = (part: number) => String(part).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A date field’s YYYY-MM-DDTHH:mm (the user’s clock) as the API’s instant with offset (UTC). */
export function fromLocalInput(value: string): string | null {
  if (value === '') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** A titled card of the sowing's page: harvests, irrigation, growth stages. */
export function SectionCard({
  id,
  title,
  subtitle,
  action,
  children,
  testId,
}: {
  id: string;
  title: string;
  subtitle?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card variant="outlined" component="section" aria-labelledby={id} data-testid={testId}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{
            justifyContent: 'space-between',
            alignItems: { xs: 'stretch', sm: 'flex-start' },
            mb: 2,
          }}
        >
          <Box sx={{ minWidth: 0 }}>
            <Typography id={id} variant="h6" component="h2">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
          </Box>
          {action && <Box sx={{ flexShrink: 0 }}>{action}</Box>}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * A list of the page in its three states before its rows: loading, failed (with a retry), empty.
 * `rows` is shown only with data that has rows.
 */
export function SectionList<T>({
  query,
  loadingLabel,
  testId,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  loadingLabel: string;
  testId: string;
  empty: { icon: ReactNode; title: string; description: string };
  children: (rows: T[]) => ReactNode;
}) {
  const { t } = useTranslation('sowing-records');
  if (query.isError && !query.data)
    return (
      <ApiErrorAlert
        error={query.error}
        onRetry={() => void query.refetch()}
        retryLabel={t('retry')}
      />
    );
  if (!query.data)
    return (
      <Box role="status" aria-label={loadingLabel} data-testid={`${testId}-loading`}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={40} />
        ))}
      </Box>
    );
  if (query.data.length === 0)
    return (
      <Paper variant="outlined" sx={{ borderStyle: 'dashed' }}>
        <InlineMessage
          testId={`${testId}-empty`}
          icon={empty.icon}
          title={empty.title}
          description={empty.description}
        />
      </Paper>
    );
  return <>{children(query.data)}</>;
}
