import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { FormSection } from '@/components/admin/form-screen';
import { adminHref, paths } from '@/config/paths';
import { currentMonth, StatementMonthPicker } from './statement-month-picker';

/**
 * The partner's monthly statements (issue 42, item 5): a month chosen (this month to begin with) and Open Statement,
 * where its lines, totals, PDF, CSV and Mark Payment Received are.
 */
export function PartnerStatementsSection({ partnerId }: { partnerId: string }) {
  const [month, setMonth] = useState(currentMonth);
  return (
    <FormSection title="Statements">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        What the partner owes for a month&apos;s bookings, changes and cancellations, less its commission, and
        the payments received from it.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <StatementMonthPicker month={month} onChange={setMonth} label="Statement Month" />
        <Button
          variant="outlined"
          startIcon={<ReceiptLongOutlinedIcon />}
          component={RouterLink}
          to={adminHref(paths.adminPartnerStatement, { partnerId, month })}
        >
          Open Statement
        </Button>
      </Stack>
    </FormSection>
  );
}
