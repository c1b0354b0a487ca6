import MailOutlineIcon from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { DEFAULT_ROLES, ROLES, TITLES, type Role } from '@parking/domain/constants';
import {
  customerAttributes,
  customerFormSchema,
  newCustomerValues,
  type CustomerFormOutput,
  type CustomerFormValues,
} from '@parking/domain/customer-form';
import { messages } from '@parking/domain/messages';
import { FieldGrid, FormScreen, FormSection } from '@/components/admin/form-screen';
import { useRecordForm } from '@/components/admin/record-form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { SubscriptionPanel } from '@/components/subscriptions/subscription-panel';
import { adminHref, paths } from '@/config/paths';
import { apiRequest, errorDetails } from '@/lib/api/client';
import { relatedId, writeDocument } from '@/lib/api/jsonapi';
import type { OneAnswer } from '@/lib/api/resources';
import { useAuth } from '@/lib/auth/auth-context';
import { isAdmin } from '@/lib/auth/roles';
import type { CustomerAttributes, UserAttributes } from '@parking/domain/api-contract/accounts';
import { CustomerBookings } from '../components/customer-bookings';
import { CustomerLoginSection, type LoginAccess } from '../components/customer-login-section';
import { CustomerTwoFactorSection } from '../components/customer-two-factor-section';
import { CustomerVehicles } from '../components/customer-vehicles';

const TABS = [
  { value: 'details', label: 'Customer Details' },
  // The payment provider's pages come back to ?tab=subscription (the server's return address).
  { value: 'subscription', label: 'Subscription' },
] as const;
type CustomerTab = (typeof TABS)[number]['value'];

const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);
const sameRoles = (a: readonly string[], b: readonly string[]) =>
  [...a].sort().join() === [...b].sort().join();

function toValues({ resource }: OneAnswer<CustomerAttributes>): CustomerFormValues {
  const customer = resource.attributes;
  const login = relatedId(resource, 'user') !== null;
  const roles = (customer.roles ?? []).filter(isRole);
  return {
    title: customer.title,
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    phoneNumber: customer.phoneNumber,
    business: customer.business,
    privateNotes: customer.privateNotes ?? '',
    login,
    // A customer without a login would get the default roles with one.
    roles: login && roles.length ? roles : [...DEFAULT_ROLES],
    password: '',
  };
}

/** Resend confirmation email (back-office §2, §7): POST confirmation-email-requests with the address. */
function useResendConfirmation() {
  const snackbar = useSnackbar();
  return useMutation({
    mutationFn: (email: string) =>
      apiRequest<unknown>('confirmation-email-requests', {
        method: 'POST',
        body: writeDocument('confirmation-email-requests', { email }),
      }),
    onSuccess: () => snackbar.show(messages.confirmationEmailSent),
    onError: (error) => {
      for (const detail of errorDetails(error, messages.unknownError)) snackbar.show(detail, 'error');
    },
  });
}

/**
 * A customer (back-office §2 "Customers", §3, §5, §6): the Customer Details tab (their details and their
 * login, saved together in one request) and the Subscription tab; on edit, their Vehicles and Bookings
 * below. Leaving with unsaved changes asks first (the generic form's leave guard).
 */
export function CustomerEditPage() {
  const { customerId } = useParams();
  const { user: me } = useAuth();
  const admin = isAdmin(me?.roles ?? []);
  const [params, setParams] = useSearchParams();
  const tab: CustomerTab = params.get('tab') === 'subscription' ? 'subscription' : 'details';
  // What the loaded record held, for the save: which login parts changed.
  const loaded = useRef({ hadLogin: false, roles: [] as readonly string[] });

  const screen = useRecordForm<CustomerFormValues, CustomerFormOutput, CustomerAttributes>({
    type: 'customers',
    id: customerId,
    include: 'user',
    schema: customerFormSchema,
    defaults: newCustomerValues(),
    toValues,
    toPayload: (values, { isNew, isDirty }) => {
      const attributes = customerAttributes(values, {
        hadLogin: !isNew && loaded.current.hadLogin,
        rolesChanged: !sameRoles(values.roles, loaded.current.roles),
      });
      if (isNew) return { attributes };
      // An edit sends the details that were changed (and the login parts chosen above), so that saving
      // never puts back an old value over a change someone else made meanwhile.
      const login = new Set(['roles', 'password']);
      return {
        attributes: Object.fromEntries(
          Object.entries(attributes).filter(([key]) => login.has(key) || isDirty(key)),
        ),
      };
    },
    notFound: 'Customer not found',
    listHref: paths.adminCustomers.path,
    editHref: (id) => adminHref(paths.adminCustomersEdit, { customerId: id }),
    createdMessage: 'Customer Created',
    updatedMessage: 'Customer Updated',
    invalidates: ['users', 'subscriptions'],
  });
  const resend = useResendConfirmation();

  const record = screen.record;
  const userId = record ? relatedId(record.resource, 'user') : null;
  const loginUser = record?.included.one<UserAttributes>(record.resource, 'user', 'users');
  const customer = record?.resource.attributes;
  useEffect(() => {
    loaded.current = { hadLogin: userId !== null, roles: customer?.roles ?? [] };
  }, [userId, customer]);

  const access: LoginAccess = {
    isNew: screen.isNew,
    hadLogin: userId !== null,
    emailConfirmed: customer?.emailConfirmed ?? false,
    own: userId !== null && userId === me?.id,
    admin,
  };
  const emailLocked = access.hadLogin && !access.admin;
  const { control } = screen.form;

  const changeTab = (value: CustomerTab) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'details') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  const tabs = (
    <Tabs
      value={tab}
      onChange={(_event, value: CustomerTab) => changeTab(value)}
      aria-label="Customer sections"
      sx={{ borderBottom: 1, borderColor: 'divider' }}
    >
      {TABS.map((item) => (
        <Tab
          key={item.value}
          value={item.value}
          label={item.label}
          id={`customer-tab-${item.value}`}
          aria-controls={`customer-panel-${item.value}`}
        />
      ))}
    </Tabs>
  );

  const resendButton = access.hadLogin && !access.emailConfirmed && customer && (
    <Button
      variant="outlined"
      startIcon={
        resend.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <MailOutlineIcon />
      }
      disabled={resend.isPending}
      onClick={() => resend.mutate(customer.email)}
    >
      Resend Confirmation Email
    </Button>
  );

  return (
    <FormScreen
      title={screen.isNew ? 'Add Customer' : 'Edit Customer'}
      subtitle={customer?.fullName}
      screen={screen}
      actions={resendButton}
      tabs={tabs}
      after={
        customerId !== undefined &&
        record && (
          <Stack spacing={3}>
            <CustomerVehicles customerId={customerId} canDelete={admin} />
            <CustomerBookings customerId={customerId} canDelete={admin} />
          </Stack>
        )
      }
    >
      <Box role="tabpanel" id={`customer-panel-${tab}`} aria-labelledby={`customer-tab-${tab}`}>
        {tab === 'details' ? (
          <Stack spacing={2}>
            <FormSection id="details" title="Customer Details">
              <FieldGrid columns={3}>
                <FormSelectField
                  control={control}
                  name="title"
                  label="Title"
                  options={TITLES}
                  placeholder="Select a title"
                  required
                />
                <FormTextField
                  control={control}
                  name="firstName"
                  label="First Name"
                  required
                  autoComplete="off"
                />
                <FormTextField
                  control={control}
                  name="lastName"
                  label="Last Name"
                  required
                  autoComplete="off"
                />
                <FormTextField
                  control={control}
                  name="email"
                  label="Email"
                  type="email"
                  required
                  autoComplete="off"
                  // A login's address is where its password resets go: only Admins move it (the server refuses others).
                  helperText={emailLocked ? messages.loginEmailAdminsOnly : undefined}
                  slotProps={{ htmlInput: { readOnly: emailLocked } }}
                />
                <FormTextField
                  control={control}
                  name="phoneNumber"
                  label="Phone Number"
                  type="tel"
                  required
                  autoComplete="off"
                />
                <FormTextField control={control} name="business" label="Business" autoComplete="off" />
              </FieldGrid>
              <Box sx={{ mt: 2 }}>
                <FormTextField
                  control={control}
                  name="privateNotes"
                  label="Private Notes"
                  multiline
                  minRows={2}
                  helperText="Seen by staff only, never by the customer"
                />
              </Box>
            </FormSection>
            <CustomerLoginSection form={screen.form} access={access} />
            {admin && userId !== null && <CustomerTwoFactorSection userId={userId} />}
          </Stack>
        ) : (
          <FormSection id="subscription" title="Subscription">
            {screen.isNew ? (
              <Alert severity="info">Subscriptions can be added once the customer has been created.</Alert>
            ) : userId === null || !loginUser ? (
              <Alert severity="info">
                This customer has no login, so they have no subscription. Create a login on the Customer
                Details tab to subscribe them.
              </Alert>
            ) : (
              <SubscriptionPanel user={{ ...loginUser.attributes, id: loginUser.id }} audience="staff" />
            )}
          </FormSection>
        )}
      </Box>
    </FormScreen>
  );
}
