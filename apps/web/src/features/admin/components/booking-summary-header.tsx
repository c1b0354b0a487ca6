import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatMoney, parseMoney } from '@parking/domain/money';
import { balanceToPayCents } from '@parking/domain/stay-phase';
import { StatusDot } from '@/components/status-dot';
import { adminHref, paths } from '@/config/paths';
import { relatedId } from '@/lib/api/jsonapi';
import type { OneAnswer } from '@/lib/api/resources';
import { bookingStatusDot, paymentStatusDot } from '@/lib/booking-status';
import { formatDateTime, formatMoneyText } from '@/lib/format';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import type { NamedAttributes } from '@parking/domain/api-contract/catalogue';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The booking at a glance, above its form: code, customer, dates, car park, the channel it was sold through
 * (issue 42), what is paid and owed (the booking's ledger-derived amounts) and whether the car is checked in. `actions` takes the desk's buttons.
 */
export function BookingSummaryHeader({
  booking,
  actions,
}: {
  booking: OneAnswer<BookingAttributes>;
  actions?: ReactNode;
}) {
  const { resource, included } = booking;
  const a = resource.attributes;
  const lot = included.one<NamedAttributes>(resource, 'lot', 'lots');
  const customerId = relatedId(resource, 'customer');
  const name = `${a.firstName} ${a.lastName}`.trim() || '—';
  const owed = formatMoney(
    balanceToPayCents({
      status: a.status,
      totalCents: parseMoney(a.totalCost),
      paidCents: parseMoney(a.amountPaid),
    }),
  );
  const checkedIn = relatedId(resource, 'lotRegion') !== null && a.lotRegionRow !== null;
  const status = bookingStatusDot(a.status);
  const payment = paymentStatusDot(a.paymentStatus, a.amountPaid);
  return (
    <Card
      component="section"
      aria-label="Booking summary"
      variant="outlined"
      sx={{ mt: 1.5, p: { xs: 1.5, sm: 2 }, bgcolor: 'background.paper' }}
    >
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            flexGrow: 1,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'repeat(3, minmax(0, 1fr))',
              lg: 'repeat(4, minmax(0, auto))',
            },
          }}
        >
          <Fact label="Booking">
            <Box component="span" sx={{ fontFamily: 'monospace', fontSize: '1.05rem' }}>
              {a.bookingCode}
            </Box>{' '}
            <StatusDot {...status} />
          </Fact>
          <Fact label="Customer">
            {customerId ? (
              <Link href={adminHref(paths.adminCustomersEdit, { customerId })}>{name}</Link>
            ) : (
              name
            )}
          </Fact>
          <Fact label="Drop Off">{formatDateTime(a.startDatetime) || '—'}</Fact>
          <Fact label="Pick Up">{formatDateTime(a.endDatetime) || 'Open-ended'}</Fact>
          <Fact label="Carpark">{lot?.attributes.name ?? '—'}</Fact>
          <Fact label="Channel">{a.channel || '—'}</Fact>
          <Fact label="Paid / Owed">
            {formatMoneyText(a.amountPaid)} / {formatMoneyText(owed)} <StatusDot {...payment} />
          </Fact>
          <Fact label="Checked In?">
            {checkedIn ? `Yes${a.timeParked ? `, ${formatDateTime(a.timeParked)}` : ''}` : 'No'}
          </Fact>
        </Box>
        {actions && (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
            {actions}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
