/** Every JSON:API resource type the API serves, in one registry (app.ts, and the tests that walk them all). */
import { Registry } from './jsonapi/registry';
import { airlinesResource } from './resources/airlines';
import { auditLogsResource } from './resources/audit-logs';
import { blockoutPeriodsResource } from './resources/blockout-periods';
import { bookingLogsResource } from './resources/booking-logs';
import { bookingsResource } from './resources/bookings';
import { busTripsResource } from './resources/bus-trips';
import { contactSubmissionsResource } from './resources/contact-submissions';
import { contentImagesResource } from './resources/content-images';
import { contentPageRevisionsResource, contentPagesResource } from './resources/content-pages';
import { waitlistEntriesResource } from './resources/waitlist-entries';
import { customersResource } from './resources/customers';
import { discountsResource } from './resources/discounts';
import { exceptionalDaysResource, exceptionalRatesResource } from './resources/exceptional-days';
import { extrasResource, extraVariationsResource } from './resources/extras';
import { flightsResource } from './resources/flights';
import { vehicleTypesResource } from './resources/lookups';
import { lotRegionsResource } from './resources/lot-regions';
import { lotsResource } from './resources/lots';
import { shortTermRateDaysResource, shortTermRatesResource } from './resources/short-term-rates';
import { pricesResource, productsResource, subscriptionsResource } from './resources/subscriptions';
import { usersResource } from './resources/users';
import { vehiclesResource } from './resources/vehicles';

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
  ];
  for (const def of definitions) registry.add(def);
  return registry;
}
