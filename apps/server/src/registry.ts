/** Every JSON:API resource type the API serves, in one registry (app.ts, and the tests that walk them all). */
import { Registry } from './jsonapi/registry';
import { airlinesResource } from './catalogue/airlines-resource';
import { auditLogsResource } from './operations/audit-logs-resource';
import { blockoutPeriodsResource } from './catalogue/blockout-periods-resource';
import { bookingLogsResource } from './bookings/booking-logs-resource';
import { bookingsResource } from './bookings/bookings-resource';
import { busTripsResource } from './catalogue/bus-trips-resource';
import { contactSubmissionsResource } from './content/contact-submissions-resource';
import { contentImagesResource } from './content/content-images-resource';
import { contentPageRevisionsResource, contentPagesResource } from './content/content-pages-resource';
import { waitlistEntriesResource } from './waitlist/waitlist-entries-resource';
import { customersResource } from './accounts/customers-resource';
import { discountsResource } from './catalogue/discounts-resource';
import { exceptionalDaysResource, exceptionalRatesResource } from './catalogue/exceptional-days-resource';
import { extrasResource, extraVariationsResource } from './catalogue/extras-resource';
import { flightsResource } from './catalogue/flights-resource';
import { vehicleTypesResource } from './catalogue/lookups-resource';
import { lotRegionsResource } from './catalogue/lot-regions-resource';
import { lotsResource } from './catalogue/lots-resource';
import { shortTermRateDaysResource, shortTermRatesResource } from './catalogue/short-term-rates-resource';
import {
  pricesResource,
  productsResource,
  subscriptionsResource,
} from './subscriptions/subscriptions-resource';
import {
  partnerAllotmentsResource,
  partnerApiKeysResource,
  partnersResource,
  partnerStopSellsResource,
} from './partners/partners-resource';
import { partnerPaymentsResource } from './partners/partner-payments-resource';
import { usersResource } from './accounts/users-resource';
import { vehiclesResource } from './accounts/vehicles-resource';

export function buildRegistry(): Registry {
  const registry = new Registry();
  const definitions = [
    usersResource,
    customersResource,
    vehiclesResource,
    vehicleTypesResource,
    lotsResource,
    bookingsResource,
    bookingLogsResource,
    auditLogsResource,
    productsResource,
    pricesResource,
    subscriptionsResource,
    lotRegionsResource,
    airlinesResource,
    busTripsResource,
    flightsResource,
    extrasResource,
    extraVariationsResource,
    discountsResource,
    shortTermRateDaysResource,
    shortTermRatesResource,
    exceptionalDaysResource,
    exceptionalRatesResource,
    blockoutPeriodsResource,
    contactSubmissionsResource,
    waitlistEntriesResource,
    contentPagesResource,
    contentPageRevisionsResource,
    contentImagesResource,
    partnersResource,
    partnerApiKeysResource,
    partnerAllotmentsResource,
    partnerStopSellsResource,
    partnerPaymentsResource,
  ];
  for (const def of definitions) registry.add(def);
  return registry;
}
