import Typography from '@mui/material/Typography';
import { FactList } from '@/components/admin/fact-list';
import { FormSection } from '@/components/admin/form-screen';
import { relatedId } from '@/lib/api/jsonapi';
import type { OneAnswer } from '@/lib/api/resources';
import { formatDateTime } from '@/lib/format';
import { CustodyActions } from './custody-actions';
import { custodyBookingOf } from './custody-booking';
import type { CustomerAttributes } from '@parking/domain/api-contract/accounts';
import type { BookingAttributes } from '@parking/domain/api-contract/bookings';
import type { LotRegionAttributes } from '@parking/domain/api-contract/catalogue';

/**
 * Check In (back-office §2, edit only): where and how the car was parked, and the desk's actions (the
 * diary's check-in dialog, then Hand Back and Move).
 */
export function BookingCheckInSummary({ booking }: { booking: OneAnswer<BookingAttributes> }) {
  const { resource, included } = booking;
  const a = resource.attributes;
  const region = included.one<LotRegionAttributes>(resource, 'lotRegion', 'lot-regions');
  const parkedBy = included.one<CustomerAttributes>(resource, 'parkedBy', 'customers');
  const checkedIn = relatedId(resource, 'lotRegion') !== null && a.lotRegionRow !== null;
  const facts: [string, string][] = [
    ['Parking Region', region?.attributes.name ?? '—'],
    ['Row', a.lotRegionRow ? String(a.lotRegionRow) : '—'],
    ['Fuel Level', a.fuelLevel || '—'],
    ['Damage', a.damage || '—'],
    ['Parked By', parkedBy?.attributes.fullName ?? '—'],
    ['Time Parked', formatDateTime(a.timeParked) || '—'],
  ];
  return (
    <FormSection
      id="check-in"
      title="Check In"
      action={<CustodyActions booking={custodyBookingOf(resource)} size="medium" />}
    >
      <Typography color="text.secondary" sx={{ mb: 1.5 }}>
        {checkedIn ? 'The car is checked in.' : 'The car has not been checked in yet.'}
      </Typography>
      <FactList facts={facts} columns={{ xs: '140px 1fr', md: 'repeat(3, 140px 1fr)' }} />
    </FormSection>
  );
}
