import DialogContent from '@mui/material/DialogContent';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { businessDate } from '@parking/domain/dates';
import {
  monthLabel,
  partnerPaymentFormSchema,
  type PartnerPaymentFormValues,
} from '@parking/domain/partner-payments';
import { DialogSubmitActions } from '@/components/admin/dialog-submit-actions';
import { applyServerErrors, useZodForm } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-field';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { errorDetails } from '@/lib/api/client';
import { BUSINESS_TIME_ZONE, formatMoneyText } from '@/lib/format';
import { useMarkPaymentReceived } from '../api/partner-statements';

/** A key for this opening of the form: sent with the payment, so that a second click records nothing more. */
function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Mark Payment Received (issue 42, item 5): the amount the partner paid for the month (what is still owed, to begin
 * with), the date it arrived and its reference. The server refuses more than is still owed, with its reason beside
 * the field.
 */
export function PartnerPaymentDialog({
  partnerId,
  month,
  stillOwed,
  onClose,
}: {
  partnerId: string;
  month: string;
  /** What the month still owes, e.g. "44.20". */
  stillOwed: string;
  onClose: () => void;
}) {
  const snackbar = useSnackbar();
  const mark = useMarkPaymentReceived(partnerId);
  const [submissionKey] = useState(newSubmissionKey);
  const form = useZodForm(partnerPaymentFormSchema, {
    defaultValues: {
      month,
      amount: stillOwed,
      receivedOn: businessDate(new Date(), BUSINESS_TIME_ZONE),
      reference: '',
    } satisfies PartnerPaymentFormValues,
  });
  const title = 'Mark Payment Received';

  const save = form.handleSubmit(async (values) => {
    try {
      await mark.mutateAsync({ ...values, submissionKey });
    } catch (error) {
      applyServerErrors(form, error);
      for (const detail of errorDetails(error, 'The payment could not be recorded.'))
        snackbar.show(detail, 'error');
      return;
    }
    snackbar.show('Payment Recorded');
    onClose();
  });

  return (
    <ResponsiveDialog open persistent title={title} onClose={onClose} maxWidth={520}>
      <form noValidate onSubmit={(event) => void save(event)} aria-label={title}>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography color="text.secondary">
              {monthLabel(month)}: {formatMoneyText(stillOwed)} still owed. The payment settles the
              month&apos;s lines, oldest first.
            </Typography>
            <FormTextField
              control={form.control}
              name="amount"
              label="Amount Received"
              required
              inputMode="decimal"
              slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
            />
            <FormTextField
              control={form.control}
              name="receivedOn"
              label="Date Received"
              required
              type="date"
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <FormTextField
              control={form.control}
              name="reference"
              label="Reference"
              required
              helperText="The bank transfer's or cheque's reference"
            />
          </Stack>
        </DialogContent>
        <DialogSubmitActions pending={mark.isPending} onCancel={onClose} label="Record Payment" />
      </form>
    </ResponsiveDialog>
  );
}
