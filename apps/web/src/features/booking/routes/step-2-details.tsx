import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { TITLES } from '@parking/domain/constants';
import { detailsStepSchema, type DetailsStep } from '@parking/domain/booking-wizard';
import { messages } from '@parking/domain/messages';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Form, useZodForm } from '@/components/form/form';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';
import { loginHref } from '@/config/paths';
import { ApiError, hasErrorCode } from '@/lib/api/client';
import { useAuth } from '@/lib/auth/auth-context';
import { useAuthDialog } from '@/lib/auth/auth-dialog';
import { isAnonymousEmail } from '../api/checks';
import { StepActions } from '../components/step-actions';
import { useWizard } from '../state/wizard-context';
import { stepPath } from '../state/wizard-state';

const pairSx = {
  display: 'grid',
  gap: 2.5,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
  alignItems: 'start',
} as const;

/**
 * Step 2, Details (public-site §2): who is booking. A signed-in customer's details start from their
 * profile and their email is read-only; a guest whose email belongs to a registered user is asked to
 * log in.
 */
export function DetailsStepPage() {
  const { status } = useAuth();
  // The form starts from the customer's profile: it waits for the session to answer.
  if (status === 'loading') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
        <CircularProgress aria-label="Loading your details" />
      </Box>
    );
  }
  return <DetailsForm />;
}

function DetailsForm() {
  const { state, complete } = useWizard();
  const { user, customer } = useAuth();
  const dialog = useAuthDialog();
  const navigate = useNavigate();
  const [checking, setChecking] = useState(false);
  const [registered, setRegistered] = useState(false);
  const saved = state.details;
  const profile = customer ?? user;
  const form = useZodForm(detailsStepSchema, {
    defaultValues: {
      title: TITLES.find((title) => title === (saved?.title ?? profile?.title)),
      firstName: saved?.firstName ?? profile?.firstName ?? '',
      lastName: saved?.lastName ?? profile?.lastName ?? '',
      phoneNumber: saved?.phoneNumber ?? profile?.phoneNumber ?? '',
      // The booking of a signed-in customer carries their account's email, whatever was typed before.
      email: user ? user.email : (saved?.email ?? ''),
      business: saved?.business ?? profile?.business ?? '',
    },
  });
  const { control } = form;

  // Logged in from the prompt below: the booking is now the customer's, with their account's email,
  // and what was left blank comes from the profile.
  useEffect(() => {
    if (!user) return;
    setRegistered(false);
    form.setValue('email', user.email, { shouldValidate: true });
    const source = customer ?? user;
    for (const name of ['firstName', 'lastName', 'phoneNumber', 'business'] as const) {
      if (!form.getValues(name) && source[name]) form.setValue(name, source[name], { shouldValidate: true });
    }
    const title = TITLES.find((item) => item === source.title);
    if (!form.getValues('title') && title) form.setValue('title', title, { shouldValidate: true });
  }, [user, customer, form]);

  const submit = async (values: DetailsStep) => {
    setRegistered(false);
    if (!user) {
      setChecking(true);
      try {
        if (!(await isAnonymousEmail(values.email))) {
          setRegistered(true);
          form.setError(
            'email',
            { type: 'registered', message: messages.emailBelongsToUser },
            { shouldFocus: true },
          );
          return;
        }
      } catch (error) {
        // A check that could not be made is made again when the booking is saved.
        if (error instanceof ApiError && hasErrorCode(error, 'invalid_parameter')) {
          form.setError(
            'email',
            { type: 'server', message: error.errors[0]?.detail ?? messages.emailInvalid },
            { shouldFocus: true },
          );
          return;
        }
      } finally {
        setChecking(false);
      }
    }
    complete(2, (current) => ({
      ...current,
      details: { ...values, email: user ? user.email : values.email },
    }));
    void navigate(stepPath(3));
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Details">
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {registered && (
          <Alert
            severity="info"
            action={
              <Button
                href={loginHref({ next: stepPath(2) })}
                onClick={(event) => {
                  if (!dialog) return;
                  event.preventDefault();
                  dialog.open('login');
                }}
                color="inherit"
                size="small"
                sx={{ fontWeight: 700 }}
              >
                Log in
              </Button>
            }
          >
            {messages.emailBelongsToUser}
          </Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr 2fr' },
            alignItems: 'start',
          }}
        >
          <FormSelectField
            control={control}
            name="title"
            label="Title"
            required
            options={TITLES}
            placeholder="Select"
          />
          <FormTextField
            control={control}
            name="firstName"
            label="First name"
            required
            autoComplete="given-name"
          />
          <FormTextField
            control={control}
            name="lastName"
            label="Last name"
            required
            autoComplete="family-name"
          />
        </Box>
        <Box sx={pairSx}>
          <FormTextField
            control={control}
            name="phoneNumber"
            label="Phone number"
            required
            type="tel"
            autoComplete="tel"
          />
          <FormTextField
            control={control}
            name="email"
            label="Email"
            required
            type="email"
            autoComplete="email"
            helperText={
              user ? 'The email address of your account' : 'Your confirmation and invoice are sent here'
            }
            slotProps={{ htmlInput: { readOnly: Boolean(user) } }}
          />
        </Box>
        <FormTextField
          control={control}
          name="business"
          label="Business"
          autoComplete="organization"
          helperText="Optional: for a tax invoice in your business's name"
        />
      </Box>
      <StepActions backHref={stepPath(1)} busy={checking} />
    </Form>
  );
}
