import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import {
  changedPayload,
  newStaffBookingValues,
  staffBookingFormSchema,
  staffBookingPayload,
} from '@parking/domain/booking-form';
import { TITLES } from '@parking/domain/constants';
import { businessLocalDatetime } from '@parking/domain/dates';
import { messages } from '@parking/domain/messages';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { balanceToPayCents } from '@parking/domain/stay-phase';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormTextField } from '@/components/form/text-field';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { businessToday } from '@/components/quote-dates-fields';
import { adminHref, paths } from '@/config/paths';
import type { ApiErrorObject } from '@/lib/api/client';
import type { Resource } from '@/lib/api/jsonapi';
import { invalidateTypes, oneQuery } from '@/lib/api/resource-queries';
import type { OneAnswer } from '@/lib/api/resources';
import { useAuth } from '@/lib/auth/auth-context';
import { isAdmin } from '@/lib/auth/roles';
import { BUSINESS_TIME_ZONE } from '@/lib/format';
import { airlinesQuery, discountsQuery } from '../api/booking-lookups';
import type { CustomerAttributes } from '@parking/domain/api-contract/accounts';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import { BookingChargesSection } from '../components/booking-charges-section';
import { BookingCheckInSummary } from '../components/booking-checkin-summary';
import { BookingCustomerSection } from '../components/booking-customer-section';
import { BookingSummaryHeader } from '../components/booking-summary-header';
import { BookingDetailsSection } from '../components/booking-details-section';
import { BookingExtrasSection } from '../components/booking-extras-section';
import { BookingFlightsSection } from '../components/booking-flights-section';
import { BookingVehicleSection } from '../components/booking-vehicle-section';
import { useBookingCharges } from '../components/use-booking-charges';
import { bookingToValues } from '../components/booking-values';
import { EditHistory } from '../components/edit-history';
import { MakePaymentDialog } from '../components/make-payment-dialog';
import { DownloadInvoiceButton } from '../components/download-invoice-button';
import { CustodyActions } from '../components/custody-actions';
import { custodyBookingOf } from '../components/custody-booking';

const SECTIONS = [
  { id: 'customer-details', label: 'Customer Details' },
  { id: 'vehicle-details', label: 'Vehicle Details' },
  { id: 'booking-details', label: 'Booking Details' },
  { id: 'flights', label: 'Departure and Arrival Details' },
  { id: 'extras', label: 'Extras' },
  { id: 'notes', label: 'Notes' },
  { id: 'charges', label: 'Charges and Make Payment' },
];
const CHECK_IN_SECTION = { id: 'check-in', label: 'Check In' };

/** Back-office §8: a booking save's errors read "detail: field". */
function bookingErrorText(error: ApiErrorObject): string {
  const field = error.source?.pointer?.split('/').at(-1);
  return field && field !== 'non_field_errors' ? `${error.detail}: ${field}` : error.detail;
}

/**
 * Add and edit a booking (back-office §2 "Booking add/edit screen", §3-§5, §7, §8). The sections follow the
 * spec; the charges are the server's (POST booking-quotes) and are worked out again whenever the lot,
 * customer, dates, extras or discount change; a new booking goes back to the list once saved.
 */
export function BookingEditPage() {
  const { bookingId } = useParams();
  const [search] = useSearchParams();
  const { user } = useAuth();
  const admin = isAdmin(user?.roles ?? []);
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const airlines = useQuery(airlinesQuery);
  const discounts = useQuery(discountsQuery);
  const isNew = bookingId === undefined;
  const prefillId = isNew ? (search.get('customer') ?? '') : '';
  const prefill = useQuery({
    ...oneQuery<CustomerAttributes>('customers', prefillId),
    enabled: prefillId !== '',
  });
  const today = useMemo(businessToday, []);

  const screen = useRecordForm({
    type: 'bookings',
    id: bookingId,
    include: 'customer,parkedBy,lotRegion,lot',
    schema: staffBookingFormSchema,
    defaults: newStaffBookingValues(today),
    toValues: (answer: OneAnswer<BookingAttributes>) => bookingToValues(answer, airlines.data),
    // Whether the airline is Not flying needs the airlines: the form is filled again once they are here.
    valuesKey: airlines.data ? 'airlines' : 'waiting',
    toPayload: (values, context) => {
      const promoCode = discounts.data?.find((discount) => discount.id === values.discount)?.promoCode ?? '';
      const full = staffBookingPayload(values, BUSINESS_TIME_ZONE, { promoCode });
      return context.isNew ? full : changedPayload(full, (field) => context.isDirty(field));
    },
    notFound: 'Booking not found',
    listHref: paths.adminBookings.path,
    editHref: (id) => adminHref(paths.adminBookingsEdit, { bookingId: id }),
    createdMessage: 'Booking Created',
    updatedMessage: 'Booking Updated',
    afterSave: 'list',
    createdListHref: (id) => adminHref(paths.adminBookings, {}, { created: id }),
    invalidates: ['booking-logs', 'customers', 'vehicles'],
    invalidMessage: messages.fillRequired,
    errorText: bookingErrorText,
  });
  const { form, record } = screen;
  const saved = record?.resource.attributes;

  // ?customer= prefills a new booking with that customer (back-office §2 route list), as if chosen.
  const prefilled = useRef(false);
  useEffect(() => {
    if (!isNew || !prefill.data || prefilled.current) return;
    prefilled.current = true;
    const customer = prefill.data.resource.attributes;
    form.reset({
      ...form.getValues(),
      customer: prefill.data.resource.id,
      title: (TITLES as readonly string[]).includes(customer.title) ? customer.title : '',
      firstName: customer.firstName,
      lastName: customer.lastName,
      phoneNumber: customer.phoneNumber,
      email: customer.email,
      business: customer.business,
      bookingType: 'Regular',
    });
  }, [isNew, prefill.data, form]);
  const initialCustomer: Resource<CustomerAttributes> | null = isNew
    ? (prefill.data?.resource ?? null)
    : ((record && record.included.one<CustomerAttributes>(record.resource, 'customer', 'customers')) ?? null);

  const { extras, selected, priceOf, charges, calculating, calculationError } = useBookingCharges(
    form,
    saved,
    isNew,
  );

  // Make Payment (back-office §4): saved, not paid online, not paid, not just paid, something owing.
  const [paying, setPaying] = useState(false);
  const [justPaid, setJustPaid] = useState(false);
  const due = saved
    ? formatMoney(
        balanceToPayCents({
          status: saved.status,
          totalCents: parseMoney(saved.totalCost),
          paidCents: parseMoney(saved.amountPaid),
        }),
      )
    : '0.00';
  const canPay =
    Boolean(saved) &&
    !saved?.stripeComplete &&
    saved?.paymentStatus !== 'paid' &&
    !justPaid &&
    parseMoney(due) > 0;
  const paid = async (amount: string) => {
    setPaying(false);
    setJustPaid(true);
    // Back-office §4: the form shows the card payment at once; the server has recorded it already.
    const total = parseMoney(saved?.amountPaid ?? '0') + parseMoney(amount);
    form.resetField('paymentMethod', { defaultValue: 'stripe' });
    form.resetField('paymentStatus', {
      defaultValue: total >= parseMoney(saved?.totalCost ?? '0') ? 'paid' : form.getValues('paymentStatus'),
    });
    form.resetField('amountPaid', { defaultValue: formatMoney(total) });
    form.resetField('paymentDatetime', {
      defaultValue: businessLocalDatetime(new Date(), BUSINESS_TIME_ZONE),
    });
    snackbar.show('Payment received');
    await invalidateTypes(queryClient, 'bookings', 'booking-logs');
  };

  const title = isNew ? 'Add Booking' : 'Edit Booking';
  const subtitle = saved ? `${saved.bookingCode} · ${saved.firstName} ${saved.lastName}` : undefined;

  return (
    <FormScreen
      title={title}
      subtitle={subtitle}
      summary={record && <BookingSummaryHeader booking={record} />}
      loading={screen.loading || airlines.isPending}
      screen={screen}
      sections={isNew ? SECTIONS : [...SECTIONS, CHECK_IN_SECTION]}
      aside={!isNew && admin && bookingId ? <EditHistory bookingId={bookingId} /> : undefined}
      actions={
        !isNew &&
        bookingId && (
          <>
            {/* The diary's check-in dialog (kilometres, key tag, damage outline, photos): one check-in everywhere. */}
            {record && <CustodyActions booking={custodyBookingOf(record.resource)} size="medium" />}
            <DownloadInvoiceButton bookingId={bookingId} />
          </>
        )
      }
    >
      <BookingCustomerSection form={form} initialCustomer={initialCustomer} />
      <BookingVehicleSection form={form} />
      <BookingDetailsSection form={form} bookingCode={saved?.bookingCode} />
      <BookingFlightsSection form={form} />
      <BookingExtrasSection
        form={form}
        extras={extras.data}
        loading={extras.isPending}
        error={extras.isError}
        selected={selected}
        priceOf={priceOf}
      />
      <FormSection id="notes" title="Notes">
        <FieldGrid>
          <FormTextField
            control={form.control}
            name="publicNotes"
            label="Public Notes"
            multiline
            minRows={3}
            helperText="Shown on the invoice"
          />
          <FormTextField
            control={form.control}
            name="notes"
            label="Admin Notes"
            multiline
            minRows={3}
            helperText="For staff only"
          />
        </FieldGrid>
      </FormSection>
      <BookingChargesSection
        form={form}
        charges={charges}
        calculating={calculating}
        calculationError={calculationError}
        canPay={canPay}
        isNew={isNew}
        onMakePayment={() => setPaying(true)}
      />
      {!isNew && record && <BookingCheckInSummary booking={record} />}
      {saved && bookingId && paying && (
        <MakePaymentDialog
          open={paying}
          bookingId={bookingId}
          due={due}
          billing={{
            email: saved.email,
            name: `${saved.firstName} ${saved.lastName}`.trim(),
            phone: saved.phoneNumber,
          }}
          onClose={() => setPaying(false)}
          onPaid={(amount) => void paid(amount)}
        />
      )}
    </FormScreen>
  );
}
