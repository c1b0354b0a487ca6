import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import PaymentIcon from '@mui/icons-material/Payment';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { StayChargesAttributes } from '@parking/domain/api-contract/prices';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from '@parking/domain/constants';
import { paymentMethodLabel } from '@parking/domain/payment-labels';
import { fractionToPercent } from '@parking/domain/numbers';
import { FormDateField } from '@/components/admin/date-fields';
import { FieldGrid, FormSection } from '@/components/admin/form-screen';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { formatMoneyText } from '@/lib/format';
import { discountsQuery } from '../api/booking-lookups';
import type { BookingForm } from './booking-form-context';

/** The charges shown: the cost calculation's (booking-quotes), or the saved booking's, which has no GST. */
export type Charges = Omit<StayChargesAttributes, 'gst'> & Partial<Pick<StayChargesAttributes, 'gst'>>;

interface Props {
  form: BookingForm;
  charges: Charges | undefined;
  /** The charges are being worked out afresh. */
  calculating: boolean;
  calculationError: string | null;
  /** Saved, not paid online, not paid, not just paid (back-office §4). */
  canPay: boolean;
  isNew: boolean;
  onMakePayment: () => void;
}

/** A discount taken off: "-12.50", or "0.00" when there is none. */
const less = (amount: string) => (Number(amount) > 0 ? `-${amount}` : amount);

const capitalised = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/**
 * Charges and Make Payment (back-office §2, §3, §4): the discount (a promo code or a rate typed as a
 * percent), the charges the server works out (booking-quotes), and the payment record. Card payment is
 * offered only for a saved booking that has not been paid.
 */
export function BookingChargesSection({
  form,
  charges,
  calculating,
  calculationError,
  canPay,
  isNew,
  onMakePayment,
}: Props) {
  const { control, setValue } = form;
  const discounts = useQuery(discountsQuery);

  const chooseDiscount = (id: string) => {
    const dirty = { shouldDirty: true, shouldValidate: true } as const;
    setValue('discount', id, dirty);
    const discount = discounts.data?.find((item) => item.id === id);
    setValue('discountRate', discount ? fractionToPercent(discount.rate) : '0', dirty);
  };

  const lines: [string, string | undefined, boolean?][] = [
    ['Parking Charges', charges?.parkingCost],
    ['Extras Charges', charges?.extrasCost],
    ['Subscription Discount', charges && less(charges.subscriptionDiscount)],
    ['Amount Discounted', charges && less(charges.amountDiscounted)],
    ['Total Cost', charges?.totalCost, true],
  ];

  return (
    <FormSection id="charges" title="Charges and Make Payment">
      <FieldGrid columns={3}>
        <FormSelectField
          control={control}
          name="discount"
          label="Promo Code"
          placeholder="None"
          options={(discounts.data ?? []).map((discount) => ({
            value: discount.id,
            label: `${discount.promoCode} (${fractionToPercent(discount.rate)}%)${discount.active ? '' : ' · expired'}`,
          }))}
          onValueChange={chooseDiscount}
        />
        <FormTextField
          control={control}
          name="discountRate"
          label="Discount Rate"
          required
          inputMode="decimal"
          slotProps={{ input: { endAdornment: <InputAdornment position="end">%</InputAdornment> } }}
          helperText="Of the parking charge, 0 to 100"
        />
      </FieldGrid>

      <Box sx={{ mt: 2.5, border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
        <Box sx={{ height: 4 }}>{calculating && <LinearProgress aria-label="Working out the charges" />}</Box>
        <Box
          component="dl"
          sx={{
            m: 0,
            px: 2,
            pb: 1.5,
            display: 'grid',
            gridTemplateColumns: '1fr auto',
            rowGap: 0.75,
            columnGap: 2,
          }}
          aria-live="polite"
          aria-busy={calculating}
        >
          {lines.map(([label, value, strong]) => (
            <Box
              key={label}
              sx={{
                display: 'contents',
                fontWeight: strong ? 700 : undefined,
                fontSize: strong ? '1.125rem' : undefined,
              }}
            >
              <Box component="dt">{label}</Box>
              <Box
                component="dd"
                sx={{ m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                data-charge={label}
              >
                {value === undefined ? '—' : formatMoneyText(value)}
              </Box>
            </Box>
          ))}
          {charges?.gst && (
            <Box sx={{ display: 'contents', color: 'text.secondary', fontSize: '0.875rem' }}>
              <Box component="dt">Includes GST</Box>
              <Box component="dd" sx={{ m: 0, textAlign: 'right' }}>
                {formatMoneyText(charges.gst)}
              </Box>
            </Box>
          )}
        </Box>
      </Box>
      {calculationError && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          {calculationError}
        </Alert>
      )}

      <Typography component="h3" variant="h6" sx={{ mt: 3, mb: 1.5 }}>
        Payment
      </Typography>
      <FieldGrid>
        <FormSelectField
          control={control}
          name="paymentStatus"
          label="Payment Status"
          options={PAYMENT_STATUSES.map((value) => ({ value, label: capitalised(value) }))}
          disabled
          helperText="Follows the payments recorded"
        />
        <FormSelectField
          control={control}
          name="paymentMethod"
          label="Payment Method"
          options={PAYMENT_METHODS.map((value) => ({ value, label: paymentMethodLabel(value) }))}
          placeholder="None"
        />
        <FormTextField
          control={control}
          name="amountPaid"
          label="Amount Paid"
          helperText="The total paid: a change is recorded as a payment (or refund) by the Payment Method"
          inputMode="decimal"
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        />
        <FormDateField control={control} name="paymentDatetime" kind="datetime" label="Payment Date" />
      </FieldGrid>
      <Box sx={{ mt: 2 }}>
        {isNew ? (
          <Alert severity="info" icon={<InfoOutlinedIcon />}>
            Card payment becomes available once the booking has been saved.
          </Alert>
        ) : (
          canPay && (
            <Button variant="contained" color="secondary" startIcon={<PaymentIcon />} onClick={onMakePayment}>
              Make Payment
            </Button>
          )
        )}
      </Box>
    </FormSection>
  );
}
