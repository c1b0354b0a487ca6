/** Every declared call of the API (its actions), in one list: registered by app.ts and walked by the authorisation matrix. */
import { flightStatusActions } from './flights/flight-status-routes';
import { walletActions } from './wallet/wallet-routes';
import { deliveryProblemActions } from './operations/delivery-problems-routes';
import { partnerWebhookActions } from './partners/partner-webhook-admin';
import { privacyActions } from './privacy/privacy-routes';
import { accountActions } from './accounts/accounts-routes';
import { twoFactorAdminActions } from './accounts/two-factor/two-factor-admin-routes';
import { twoFactorActions } from './accounts/two-factor/two-factor-routes';
import { twoFactorSignInActions } from './accounts/two-factor/sign-in-routes';
import { bookingSearchActions } from './bookings/booking-search-routes';
import { catalogueActions } from './catalogue/catalogue-routes';
import { exportActions } from './reports/exports-routes';
import { invoiceActions } from './documents/invoices-routes';
import { manageBookingActions } from './bookings/manage-booking-routes';
import { bringUpActions } from './custody/bring-up-routes';
import { custodyActions } from './custody/custody-routes';
import { contentAdminActions } from './content/content-admin-routes';
import { promoCodeActions } from './pricing/promo-codes-routes';
import { paymentActions } from './payments/payments-routes';
import { bookingQuoteActions } from './pricing/booking-quotes-routes';
import { quoteActions } from './pricing/quotes-routes';
import { priceCalendarActions } from './pricing/price-calendar-routes';
import { lotSlotActions } from './pricing/lot-slots-routes';
import { reportDocumentActions } from './reports/report-documents-routes';
import { partnerStatementActions } from './partners/partner-statement-routes';
import { reportActions } from './reports/reports-routes';
import { subscriptionActions } from './subscriptions/subscriptions-routes';
import { waitlistActions } from './waitlist/waitlist-routes';
import type { Services } from './context';
import type { Action } from './http/action';
import type { Registry } from './jsonapi/registry';

export function apiActions(services: Services, registry: Registry): Action[] {
  return [
    ...accountActions(services, registry),
    ...catalogueActions(registry),
    ...quoteActions(registry),
    ...bookingQuoteActions(registry),
    ...priceCalendarActions(registry),
    ...lotSlotActions,
    ...promoCodeActions,
    ...manageBookingActions,
    ...custodyActions,
    ...bringUpActions,
    ...walletActions,
    ...flightStatusActions,
    ...paymentActions(services.payments),
    ...invoiceActions(registry),
    ...exportActions(registry),
    ...reportActions(services.config.timeZone),
    ...reportDocumentActions(registry),
    ...partnerStatementActions,
    ...bookingSearchActions,
    ...subscriptionActions(services.payments),
    ...waitlistActions,
    ...contentAdminActions(registry),
    ...deliveryProblemActions,
    ...partnerWebhookActions,
    ...privacyActions,
    ...twoFactorSignInActions(services, registry),
    ...twoFactorActions(services),
    ...twoFactorAdminActions(services),
  ];
}
