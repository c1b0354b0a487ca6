import { useState } from 'react';
import { BOOKING_TYPES, TITLES } from '@parking/domain/constants';
import { FieldGrid, FormSection } from '@/components/admin/form-screen';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { CustomerPicker, type CustomerOption } from './customer-picker';
import type { BookingForm } from './booking-form-context';

interface Props {
  form: BookingForm;
  /** The booking's customer as loaded (or from ?customer=), shown in the search field. */
  initialCustomer: CustomerOption | null;
}

/**
 * Customer Details (back-office §2, §4): a customer search that fills the details and makes the booking
 * Regular; clearing it makes it New. The details stay editable: they are the booking's own copy.
 */
export function BookingCustomerSection({ form, initialCustomer }: Props) {
  const { control, setValue } = form;
  const [customer, setCustomer] = useState<CustomerOption | null>(initialCustomer);
  const [shownFor, setShownFor] = useState(initialCustomer?.id);
  // A record that arrives after the first render (the edit route) replaces the empty search.
  if (initialCustomer?.id !== shownFor) {
    setShownFor(initialCustomer?.id);
    setCustomer(initialCustomer);
  }

  const choose = (next: CustomerOption | null) => {
    setCustomer(next);
    const dirty = { shouldDirty: true, shouldValidate: true } as const;
    setValue('customer', next?.id ?? '', dirty);
    // Another customer's saved vehicle is not this one's.
    setValue('vehicle', '', dirty);
    if (next) {
      const details = next.attributes;
      if ((TITLES as readonly string[]).includes(details.title)) setValue('title', details.title, dirty);
      setValue('firstName', details.firstName, dirty);
      setValue('lastName', details.lastName, dirty);
      setValue('phoneNumber', details.phoneNumber, dirty);
      setValue('email', details.email, dirty);
      setValue('business', details.business, dirty);
      setValue('bookingType', 'Regular', dirty);
    } else {
      setValue('bookingType', 'New', dirty);
    }
  };

  return (
    <FormSection id="customer-details" title="Customer Details">
      <FieldGrid>
        <CustomerPicker
          label="Find a customer"
          value={customer}
          onChange={choose}
          helperText="Search by name, email, phone or business"
        />
        <FormSelectField
          control={control}
          name="bookingType"
          label="Booking Type"
          options={BOOKING_TYPES}
          required
          placeholder="Select a booking type"
        />
        <FormSelectField
          control={control}
          name="title"
          label="Title"
          options={TITLES}
          required
          placeholder="Select a title"
        />
        <FormTextField control={control} name="firstName" label="First Name" required autoComplete="off" />
        <FormTextField control={control} name="lastName" label="Last Name" required autoComplete="off" />
        <FormTextField
          control={control}
          name="phoneNumber"
          label="Phone Number"
          required
          type="tel"
          autoComplete="off"
        />
        <FormTextField
          control={control}
          name="email"
          label="Email"
          required
          type="email"
          autoComplete="off"
        />
        <FormTextField control={control} name="business" label="Business" autoComplete="off" />
      </FieldGrid>
    </FormSection>
  );
}
