import type { ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Divider,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RemoveIcon from '@mui/icons-material/Remove';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import {
  CROPS,
  LOCALE_RULES,
  formatMoney,
  type Language,
  type MarketCurrency,
  type MarketUnit,
} from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import {
  useDollarQuotation,
  useMarketIndexes,
  useMarketQuotes,
  type MarketIndex,
  type MarketQuote,
} from '../../../api/market';
import { useLanguage } from '../../../lib/i18n';
import { formatDateOnly } from '../../../lib/date-only';

/** A price in the currency the source quotes it in (never converted), the language's way. */
function formatPrice(
  value: number,
  currency: MarketCurrency,
  language: Language,
  decimals = 2,
): string {
  return formatMoney(value, currency, language, decimals);
}

function formatPercent(value: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE_RULES[language].locale, {
    style: 'percent',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(value) / 100);
}

/** The change since the previous price: an arrow and a colour, and words for screen readers. */
function Variation({ value }: { value: number | null }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  if (value === null)
    return (
      <Typography variant="body2" color="text.secondary" data-direction="none">
        {t('variation.none')}
      </Typography>
    );
  const direction = value > 0 ? 'up' : value < 0 ? 'down' : 'flat';
  const percent = formatPercent(value, language);
  const label = t(`variation.${direction}`, { value: percent });
  const Icon =
    direction === 'up' ? ArrowUpwardIcon : direction === 'down' ? ArrowDownwardIcon : RemoveIcon;
  const color =
    direction === 'up' ? 'success.main' : direction === 'down' ? 'error.main' : 'text.secondary';
  return (
    <Stack
      direction="row"
      spacing={0.25}
      data-direction={direction}
      role="img"
      aria-label={label}
      sx={{ alignItems: 'center', color, whiteSpace: 'nowrap' }}
    >
      <Icon sx={{ fontSize: 16 }} aria-hidden />
      <Typography variant="body2" component="span" sx={{ fontWeight: 500 }} aria-hidden>
        {direction === 'flat' ? percent : `${direction === 'up' ? '+' : '−'}${percent}`}
      </Typography>
    </Stack>
  );
}

function Row({
  testId,
  title,
  detail,
  price,
  variation,
}: {
  testId: string;
  title: ReactNode;
  detail: ReactNode;
  price: ReactNode;
  variation: number | null;
}) {
  return (
    <Stack
      data-testid={testId}
      direction="row"
      spacing={2}
      sx={{ py: 1, alignItems: 'center', justifyContent: 'space-between' }}
    >
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 500 }}>{title}</Typography>
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      </Box>
      <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
        <Typography sx={{ fontWeight: 500 }}>{price}</Typography>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Variation value={variation} />
        </Stack>
      </Box>
    </Stack>
  );
}

function RowsSkeleton({ testId, rows = 2 }: { testId: string; rows?: number }) {
  return (
    <Box data-testid={testId} aria-busy>
      {Array.from({ length: rows }, (_, row) => (
        <Stack
          key={row}
          direction="row"
          spacing={2}
          sx={{ py: 1, justifyContent: 'space-between' }}
        >
          <Box sx={{ flex: 1 }}>
            <Skeleton width="50%" />
            <Skeleton width="30%" />
          </Box>
          <Box sx={{ width: 96 }}>
            <Skeleton />
            <Skeleton />
          </Box>
        </Stack>
      ))}
    </Box>
  );
}

function SectionTitle({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle2" component="h3" color="text.secondary" sx={{ mt: 1 }}>
      {children}
    </Typography>
  );
}

function ErrorRow({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('market');
  return (
    <Alert
      severity="error"
      sx={{ my: 1 }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

function usePriceText() {
  const { t } = useTranslation('market');
  const language = useLanguage();
  return (price: number, currency: MarketCurrency, unit: MarketUnit | null) => {
    const money = formatPrice(price, currency, language);
    return unit ? t('price_per_unit', { price: money, unit: t(`unit.${unit}`) }) : money;
  };
}

function CropQuotes({ cropId }: { cropId: MarketQuote['crop_id'] }) {
  const { t } = useTranslation(['market', 'reference']);
  const language = useLanguage();
  const priceText = usePriceText();
  const crop = CROPS.find((item) => item.id === cropId)!;
  const quotes = useMarketQuotes(crop.id);
  return (
    <Box component="section" data-testid={`market-crop-${crop.code}`}>
      <SectionTitle>
        {t('crop_heading', { crop: t(crop.message_key, { ns: 'reference' }) })}
      </SectionTitle>
      {quotes.isPending ? (
        <RowsSkeleton testId={`market-crop-${crop.code}-loading`} />
      ) : quotes.isError ? (
        <ErrorRow message={t('error_quotes')} onRetry={() => void quotes.refetch()} />
      ) : quotes.data.quotes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {t('empty_quotes')}
        </Typography>
      ) : (
        quotes.data.quotes.map((quote, index) => (
          <Row
            key={`${quote.name}-${index}`}
            testId={`market-quote-${crop.code}`}
            title={quote.name}
            detail={t('date', { date: formatDateOnly(quote.date, language) })}
            price={priceText(quote.price, quote.currency, quote.unit)}
            variation={quote.percentage_variation}
          />
        ))
      )}
    </Box>
  );
}

function Indexes() {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const priceText = usePriceText();
  const indexes = useMarketIndexes();
  const row = (index: MarketIndex, position: number) => (
    <Row
      key={`${index.contract_type}-${position}`}
      testId="market-index"
      title={`${index.name} · ${t('contract', { contract: index.contract_type })}`}
      detail={`${t('date', { date: formatDateOnly(index.date, language) })} · ${t('open', {
        price: formatPrice(index.open, index.currency, language),
      })}`}
      price={priceText(index.close, index.currency, index.unit)}
      variation={index.percentage_variation}
    />
  );
  return (
    <Box component="section" data-testid="market-indexes">
      <SectionTitle>{t('indexes')}</SectionTitle>
      {indexes.isPending ? (
        <RowsSkeleton testId="market-indexes-loading" />
      ) : indexes.isError ? (
        <ErrorRow message={t('error_quotes')} onRetry={() => void indexes.refetch()} />
      ) : indexes.data.indexes.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
          {indexes.data.unavailable_reason ? t('indexes_unavailable') : t('empty_indexes')}
        </Typography>
      ) : (
        indexes.data.indexes.map(row)
      )}
    </Box>
  );
}

function Dollar() {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const dollar = useDollarQuotation();
  return (
    <Box component="section" data-testid="market-dollar">
      {dollar.isPending ? (
        <RowsSkeleton testId="market-dollar-loading" rows={1} />
      ) : dollar.isError ? (
        <ErrorRow message={t('error_dollar')} onRetry={() => void dollar.refetch()} />
      ) : (
        <Row
          testId="market-dollar-rate"
          title={t('dollar')}
          detail={t('date', { date: formatDateOnly(dollar.data.date, language) })}
          price={`${formatPrice(dollar.data.usd_brl, 'BRL', language, 4)} ${t('dollar_unit')}`}
          variation={dollar.data.percentage_variation}
        />
      )}
    </Box>
  );
}

/** Whether any market answer in the cache is simulated, and the real source's name otherwise. */
function useMarketSource(): { simulated: boolean; source: string | null } {
  const soybean = useMarketQuotes(CROPS[0]!.id);
  const wheat = useMarketQuotes(CROPS[1]!.id);
  const indexes = useMarketIndexes();
  const dollar = useDollarQuotation();
  const answers = [soybean.data, wheat.data, indexes.data, dollar.data].filter(
    (answer) => answer !== undefined,
  );
  return {
    simulated: answers.some((answer) => answer.simulated),
    source: answers.find((answer) => !answer.simulated)?.source ?? null,
  };
}

/**
 * The home's market card (spec 3 §3 Market): soybean and wheat quotes, the Chicago futures and the
 * dollar, each in the currency its source quotes it in, with the change since the previous price.
 * Simulated data carries a visible label.
 */
export function MarketCard() {
  const { t } = useTranslation('market');
  const { simulated, source } = useMarketSource();
  return (
    <Card component="section" aria-labelledby="market-title" data-testid="market-card">
      <CardHeader
        title={t('title')}
        subheader={t('subtitle')}
        slotProps={{ title: { id: 'market-title', component: 'h2', variant: 'h6' } }}
        action={
          simulated ? (
            <Tooltip title={t('simulated_hint')} describeChild>
              <Chip
                data-testid="market-simulated"
                size="small"
                color="warning"
                variant="outlined"
                icon={<ScienceOutlinedIcon />}
                label={t('simulated')}
              />
            </Tooltip>
          ) : null
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <Dollar />
        <Divider sx={{ my: 1 }} />
        <CropQuotes cropId={CROPS[0]!.id} />
        <CropQuotes cropId={CROPS[1]!.id} />
        <Divider sx={{ my: 1 }} />
        <Indexes />
        {source && !simulated ? (
          <Typography variant="caption" color="text.secondary">
            {t('source', { source: t(`source_name.${source}`, { defaultValue: source }) })}
          </Typography>
        ) : null}
      </CardContent>
    </Card>
  );
}
