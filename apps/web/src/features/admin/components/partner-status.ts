import { PARTNER_STATUSES, type PartnerStatus } from '@parking/domain/partners';

const LABELS: Record<PartnerStatus, string> = {
  sandbox: 'Sandbox (test bookings only)',
  live: 'Live',
  paused: 'Paused (API calls refused)',
};

export const partnerStatusOptions = PARTNER_STATUSES.map((value) => ({ value, label: LABELS[value] }));

export const partnerStatusLabel = (status: string): string =>
  (LABELS as Record<string, string | undefined>)[status] ?? status;
