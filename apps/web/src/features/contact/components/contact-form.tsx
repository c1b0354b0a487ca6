import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { contactMessages, contactSubmissionSchema } from '@parking/domain/contact';
import { messages } from '@parking/domain/messages';
import { applyServerErrors, Form, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { SubmitButton } from '@/components/form/submit-button';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { firstErrorDetail } from '@/lib/api/client';
import { useSendMessage } from '../api/send-message';

const EMPTY = { name: '', email: '', phoneNumber: '', message: '' };

/**
 * The contact form (public-site §5, §8): name, email and message required, phone optional. Success is
 * "Submission was successful."; a failure says "Sorry, the following error has occured: " and the detail.
 */
export function ContactForm() {
  const send = useSendMessage();
  const snackbar = useSnackbar();
  const form = useZodForm(contactSubmissionSchema, { defaultValues: EMPTY });
  const { control } = form;

  return (
    <Form
      form={form}
      aria-labelledby="contact-form-title"
      onSubmit={(values) =>
        send.mutateAsync(values).then(
          () => {
            snackbar.show(messages.submissionSuccessful);
            form.reset(EMPTY);
          },
          (error: unknown) => {
            applyServerErrors(form, error);
          },
        )
      }
    >
      <Typography id="contact-form-title" variant="h3" component="h2" sx={{ color: 'primary.main', mb: 0.5 }}>
        Send us a message
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        We reply within one business day.
      </Typography>
      <Stack spacing={2.5}>
        {send.isError && (
          <Alert severity="error">
            {contactMessages.failure(firstErrorDetail(send.error, messages.unknownError))}
          </Alert>
        )}
        {send.isSuccess && !form.formState.isDirty && (
          <Alert severity="success">{messages.submissionSuccessful}</Alert>
        )}
        <Box
          sx={{
            display: 'grid',
            gap: 2.5,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            alignItems: 'start',
          }}
        >
          <FormTextField control={control} name="name" label="Name" required autoComplete="name" />
          <FormTextField
            control={control}
            name="phoneNumber"
            label="Phone number"
            type="tel"
            autoComplete="tel"
            helperText="Optional"
          />
        </Box>
        <FormTextField
          control={control}
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
        />
        <FormTextField control={control} name="message" label="Message" required multiline minRows={5} />
        <Box>
          <SubmitButton pending={send.isPending} icon={<SendOutlinedIcon />}>
            {send.isPending ? 'Sending…' : 'Send message'}
          </SubmitButton>
        </Box>
      </Stack>
    </Form>
  );
}
