import { useRef, useState, type FormEvent } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  Paper,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CreditCardIcon from '@mui/icons-material/CreditCard';
import {
  customerBodySchema,
  ERROR_KEYS,
  type BillingPlan,
  type CustomerBody,
  type PaymentMethodCode,
  type Subscription,
} from '@lavoura/domain';
import {
  CARD_BRAND_NAMES,
  cardBrand,
  cardDigits,
  checkCard,
  type CardField,
  type CardProblemReason,
} from '@lavoura/domain/card';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import {
  createCustomer,
  createPaymentProfile,
  createSubscription,
  usePaymentMethods,
} from '../../api/plans';
import type { SessionUser } from '../../api/session';
import { ApiErrorAlert } from '../../shell/api-error-alert';
import {
  maskCardNumber,
  maskCvv,
  maskExpiration,
  maskRegistryCode,
  maskState,
  maskZipcode,
} from './masks';
import { LoadingState } from '../../shell/loading-state';

const CUSTOMER_FIELDS = [
  'name',
  'email',
  'registry_code',
  'zipcode',
  'street',
  'number',
  'neighborhood',
  'city',
  'state',
] as const;
type CustomerField = (typeof CUSTOMER_FIELDS)[number];
type CardFormField = CardField | 'holder_name';
type Field = CustomerField | CardFormField;
type Values = Record<Field, string>;
const FIELD_ORDER: readonly Field[] = [
  ...CUSTOMER_FIELDS,
  'holder_name',
  'card_number',
  'card_expiration',
  'card_cvv',
];

const CARD_REASONS: readonly CardProblemReason[] = [
  'too_short',
  'check_digit',
  'unknown_brand',
  'invalid_expiration',
  'expired',
  'invalid_cvv',
];

/** The form's outcome of a failed charge: declined card, provider failure, or another refusal. */
type Outcome = { kind: 'declined' } | { kind: 'failure' } | { kind: 'error'; error: unknown };

function customerBody(values: Values): CustomerBody {
  return {
    name: values.name,
    email: values.email,
    registry_code: values.registry_code,
    address: {
      street: values.street,
      number: values.number,
      zipcode: values.zipcode,
      neighborhood: values.neighborhood,
      city: values.city,
      state: values.state,
      country: 'BR',
    },
  };
}

/** The customer's fields the contract refuses (their names, the last part of each issue's path). */
function customerProblems(values: Values): Partial<Record<Field, string>> {
  const parsed = customerBodySchema.safeParse(customerBody(values));
  if (parsed.success) return {};
  const problems: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[issue.path.length - 1];
    if (typeof field === 'string' && (CUSTOMER_FIELDS as readonly string[]).includes(field))
      problems[field as CustomerField] = `payment.invalid.${field}`;
  }
  return problems;
}

/** A card refusal's text key (the domain's reasons; the API's 400 names the same ones). */
function cardProblemKey(reason: string): string {
  return `payment.card.${(CARD_REASONS as readonly string[]).includes(reason) ? reason : 'invalid'}`;
}

function invalidCardOf(error: unknown): { field: CardField; reason: string } | null {
  if (!(error instanceof ApiError) || error.key !== ERROR_KEYS.paymentInvalidCard) return null;
  const info = error.body.context.additionalInfo as
    { field?: unknown; reason?: unknown } | undefined;
  const field = info?.field;
  if (field !== 'card_number' && field !== 'card_expiration' && field !== 'card_cvv') return null;
  return { field, reason: typeof info?.reason === 'string' ? info.reason : 'invalid' };
}

const MASKS: Partial<Record<Field, (value: string, values: Values) => string>> = {
  registry_code: maskRegistryCode,
  zipcode: maskZipcode,
  state: maskState,
  card_number: (value) => maskCardNumber(value, cardBrand(value)),
  card_expiration: maskExpiration,
  card_cvv: (value, values) => maskCvv(value, cardBrand(values.card_number)),
};

/**
 * The payment form of /payment: the customer (name, e-mail, CPF or CNPJ, address), the payment
 * method, and for a card its holder, number (brand shown as typed), expiry and CVV, checked with
 * the domain's card rules before anything is sent. A declined card or a provider failure keeps
 * the form, with its state told above the button.
 */
export function PaymentForm({
  user,
  billingPlan,
  priceText,
  onSubscribed,
}: {
  user: SessionUser;
  billingPlan: BillingPlan;
  priceText: string;
  onSubscribed: (subscription: Subscription) => void;
}) {
  const { t } = useTranslation('plans');
  const methods = usePaymentMethods();
  const [values, setValues] = useState<Values>({
    name: user.name,
    email: user.email,
    registry_code: '',
    zipcode: '',
    street: '',
    number: '',
    neighborhood: '',
    city: '',
    state: '',
    holder_name: '',
    card_number: '',
    card_expiration: '',
    card_cvv: '',
  });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [method, setMethod] = useState<PaymentMethodCode>('credit_card');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // The customer is created once: a second attempt (another card) reuses it.
  const customerId = useRef<number | null>(null);
  const brand = cardBrand(values.card_number);
  const typedDigits = cardDigits(values.card_number).length;

  const set = (field: Field, raw: string) => {
    setValues((current) => {
      const mask = MASKS[field];
      return { ...current, [field]: mask ? mask(raw, current) : raw };
    });
    setProblems((current) => ({ ...current, [field]: undefined }));
  };

  const field = (
    name: Field,
    options: {
      autoComplete?: string;
      inputMode?: 'numeric' | 'email' | 'text';
      placeholder?: string;
      required?: boolean;
    } = {},
  ) => ({
    name,
    id: `payment-${name}`,
    label: t(`payment.field.${name}`),
    value: values[name],
    onChange: (event: { target: { value: string } }) => set(name, event.target.value),
    error: !!problems[name],
    helperText: problems[name] ? t(problems[name]) : undefined,
    required: options.required ?? true,
    fullWidth: true,
    slotProps: {
      htmlInput: {
        autoComplete: options.autoComplete,
        inputMode: options.inputMode,
        placeholder: options.placeholder,
        'data-testid': `field-${name}`,
      },
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setOutcome(null);
    const found: Partial<Record<Field, string>> = customerId.current
      ? {}
      : customerProblems(values);
    if (method === 'credit_card') {
      if (!values.holder_name.trim()) found.holder_name = 'payment.invalid.holder_name';
      const check = checkCard(values, new Date());
      if (!check.ok) found[check.field] = cardProblemKey(check.reason);
    }
    setProblems(found);
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) {
      // The first field to fix gets the focus (and scrolls into view).
      document.getElementById(`payment-${first}`)?.focus();
      return;
    }

    setBusy(true);
    try {
      customerId.current ??= (await createCustomer(customerBody(values))).id;
      const profile =
        method === 'credit_card'
          ? await createPaymentProfile({
              customer_id: customerId.current,
              holder_name: values.holder_name.trim(),
              card_number: cardDigits(values.card_number),
              card_expiration: values.card_expiration,
              card_cvv: values.card_cvv,
            })
          : null;
      const subscription = await createSubscription({
        customer_id: customerId.current,
        plan_id: billingPlan.id,
        payment_method_code: method,
        ...(profile ? { payment_profile_id: profile.id } : {}),
      });
      if (subscription.bill?.status === 'failed') setOutcome({ kind: 'declined' });
      else onSubscribed(subscription);
    } catch (error) {
      const invalid = invalidCardOf(error);
      if (invalid) {
        setProblems({ [invalid.field]: cardProblemKey(invalid.reason) });
        document.getElementById(`payment-${invalid.field}`)?.focus();
      } else if (error instanceof ApiError && error.key === ERROR_KEYS.paymentCardDeclined)
        setOutcome({ kind: 'declined' });
      else if (error instanceof ApiError && error.key === ERROR_KEYS.paymentProviderError)
        setOutcome({ kind: 'failure' });
      else setOutcome({ kind: 'error', error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void submit(event)}
      data-testid="payment-form"
    >
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('payment.customer_title')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField {...field('name', { autoComplete: 'name' })} />
          <TextField {...field('email', { autoComplete: 'email', inputMode: 'email' })} />
          <TextField
            {...field('registry_code', { inputMode: 'numeric', placeholder: '000.000.000-00' })}
          />
          <TextField
            {...field('zipcode', {
              autoComplete: 'postal-code',
              inputMode: 'numeric',
              placeholder: '00000-000',
            })}
          />
          <TextField {...field('street', { autoComplete: 'address-line1' })} />
          <TextField {...field('number')} />
          <TextField {...field('neighborhood')} />
          <TextField {...field('city', { autoComplete: 'address-level2' })} />
          <TextField {...field('state', { autoComplete: 'address-level1', placeholder: 'SP' })} />
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 2 }}>
        <Typography variant="h6" component="h2" id="payment-method-title" sx={{ mb: 1 }}>
          {t('payment.method_title')}
        </Typography>
        {methods.isError ? (
          <ApiErrorAlert
            error={methods.error}
            onRetry={() => void methods.refetch()}
            retryLabel={t('retry')}
          />
        ) : methods.isPending ? (
          <LoadingState label={t('payment.methods_loading')} spacing={1}>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} height={40} />
            ))}
          </LoadingState>
        ) : (
          <RadioGroup
            aria-labelledby="payment-method-title"
            value={method}
            onChange={(event) => {
              setMethod(event.target.value as PaymentMethodCode);
              setOutcome(null);
            }}
            sx={{ mb: method === 'credit_card' ? 2 : 0 }}
          >
            {methods.data.map((entry) => (
              <FormControlLabel
                key={entry.code}
                value={entry.code}
                control={<Radio />}
                label={t(`payment.method.${entry.code}`, { defaultValue: entry.name })}
                data-testid={`method-${entry.code}`}
              />
            ))}
          </RadioGroup>
        )}

        {method === 'credit_card' && (
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1fr 1fr' },
            }}
          >
            <Box sx={{ gridColumn: '1 / -1' }}>
              <TextField {...field('holder_name', { autoComplete: 'cc-name' })} />
            </Box>
            <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
              <TextField
                {...field('card_number', {
                  autoComplete: 'cc-number',
                  inputMode: 'numeric',
                  placeholder: '0000 0000 0000 0000',
                })}
                helperText={
                  problems.card_number
                    ? t(problems.card_number)
                    : typedDigits >= 6 && !brand
                      ? t('payment.card.unknown_brand')
                      : undefined
                }
              />
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', mt: 1, minHeight: 24 }}
                aria-live="polite"
              >
                <CreditCardIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden />
                {brand ? (
                  <Chip size="small" label={CARD_BRAND_NAMES[brand]} data-testid="card-brand" />
                ) : (
                  <Typography variant="caption" color="text.secondary">
                    {t('payment.card.brands', {
                      brands: Object.values(CARD_BRAND_NAMES).join(', '),
                    })}
                  </Typography>
                )}
              </Stack>
            </Box>
            <TextField
              {...field('card_expiration', {
                autoComplete: 'cc-exp',
                inputMode: 'numeric',
                placeholder: t('payment.expiration_placeholder'),
              })}
            />
            <TextField {...field('card_cvv', { autoComplete: 'cc-csc', inputMode: 'numeric' })} />
          </Box>
        )}
        {method === 'bank_slip' && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('payment.bank_slip_info')}
          </Alert>
        )}
        {method === 'cash' && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('payment.cash_info')}
          </Alert>
        )}
      </Paper>

      {outcome?.kind === 'declined' && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="payment-declined">
          <strong>{t('payment.declined_title')}</strong> {t('payment.declined')}
        </Alert>
      )}
      {outcome?.kind === 'failure' && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          data-testid="payment-failure"
          action={
            <Button color="inherit" size="small" type="submit" disabled={busy}>
              {t('retry')}
            </Button>
          }
        >
          <strong>{t('payment.failure_title')}</strong> {t('payment.failure')}
        </Alert>
      )}
      {outcome?.kind === 'error' && (
        <Box sx={{ mb: 2 }}>
          <ApiErrorAlert error={outcome.error} />
        </Box>
      )}

      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={busy || !methods.isSuccess}
        startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}
        data-testid="payment-submit"
      >
        {t(`payment.submit.${method}`, { price: priceText })}
      </Button>
    </Box>
  );
}
