import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { QuoteDates } from '@/components/quote-dates-fields';
import { paths } from '@/config/paths';
import { ADMINS_ONLY, SALES_OR_HIGHER, SIGNED_IN } from '@/lib/auth/roles';
import type { RouteAccess } from './guards/route-guard';
import { HomePage } from '@/features/content/routes/home';
import { AppRoot } from './layouts/app-root';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorPage } from './routes/route-error';

// Every screen but the home page is its own chunk: a visitor landing on the home page never downloads
// the booking wizard, the customer area or the back office. The home page, where most visits start, is
// part of the entry, so that its heading and quote form are in the first paint instead of waiting for
// a second script after the first has run (Lighthouse's largest contentful paint).
// `preload()` fetches a screen's chunk ahead of its first render; the render then takes the same promise, already
// settled, and draws the screen without a fallback. A failed load is forgotten, so the next try asks again.
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => ({ default: pick(module) }),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return Object.assign(lazy(preload), { preload });
}

const CatchAllPage = page(
  () => import('./routes/content-page'),
  (m) => m.CatchAllPage,
);
const NotFoundPage = page(
  () => import('./routes/not-found'),
  (m) => m.NotFoundPage,
);
const PermissionDeniedPage = page(
  () => import('./routes/permission-denied'),
  (m) => m.PermissionDeniedPage,
);
const LoginPage = page(
  () => import('@/features/account/routes/login'),
  (m) => m.LoginPage,
);
const ConfirmEmailPage = page(
  () => import('@/features/account/routes/confirm-email'),
  (m) => m.ConfirmEmailPage,
);
const ForgotPasswordPage = page(
  () => import('@/features/account/routes/forgot-password'),
  (m) => m.ForgotPasswordPage,
);
const SetPasswordPage = page(
  () => import('@/features/account/routes/set-password'),
  (m) => m.SetPasswordPage,
);
const ProfilePage = page(
  () => import('@/features/account/routes/profile'),
  (m) => m.ProfilePage,
);
const MyBookingsPage = page(
  () => import('@/features/bookings/routes/my-bookings'),
  (m) => m.MyBookingsPage,
);
const MyVehiclesPage = page(
  () => import('@/features/vehicles/routes/my-vehicles'),
  (m) => m.MyVehiclesPage,
);
const ManageBookingPage = page(
  () => import('@/features/manage-booking/routes/manage-booking'),
  (m) => m.ManageBookingPage,
);
const WaitlistPlacePage = page(
  () => import('@/features/waitlist/routes/waitlist-place'),
  (m) => m.WaitlistPlacePage,
);
const BookingWizardLayout = page(
  () => import('@/features/booking/routes/booking-wizard'),
  (m) => m.BookingWizardLayout,
);
const QuoteStep = page(
  () => import('@/features/booking/routes/step-1-quote'),
  (m) => m.QuoteStep,
);

/**
 * Readies the wizard's first step for the home page's quote form: the step's code loaded (its layout and
 * step 1 together, not one after the other) and the quotes for the dates asked for, so that neither waits
 * for the other nor for a render. The home page calls it for its first dates once it is idle, and again
 * for the dates the traveller asks for.
 */
export function prepareQuoteStep(client: QueryClient, dates: QuoteDates): void {
  // A chunk that fails here is asked for again when the step renders, which then shows the failure.
  for (const screen of [BookingWizardLayout, QuoteStep]) screen.preload().catch(() => undefined);
  // The query's module too is loaded on demand: the home page's script stays as small as it was.
  void import('@/lib/api/quotes').then(({ quotesQuery }) =>
    client.prefetchQuery(quotesQuery(dates.startDate, dates.endDate)),
  );
}

const DetailsStep = page(
  () => import('@/features/booking/routes/step-2-details'),
  (m) => m.DetailsStepPage,
);
const CarStep = page(
  () => import('@/features/booking/routes/step-3-car'),
  (m) => m.CarStepPage,
);
const FlightsStep = page(
  () => import('@/features/booking/routes/step-4-flights'),
  (m) => m.FlightsStepPage,
);
const CheckoutStep = page(
  () => import('@/features/booking/routes/step-5-checkout'),
  (m) => m.CheckoutStepPage,
);
const SummaryStep = page(
  () => import('@/features/booking/routes/step-6-summary'),
  (m) => m.SummaryStepPage,
);
const PaymentStep = page(
  () => import('@/features/booking/routes/step-7-payment'),
  (m) => m.PaymentStepPage,
);
const SuccessStep = page(
  () => import('@/features/booking/routes/step-8-success'),
  (m) => m.SuccessStepPage,
);
// The back office's frame too: visitors of the public site never download it.
const AdminLayout = page(
  () => import('./layouts/admin-layout'),
  (m) => m.AdminLayout,
);
const DiaryPage = page(
  () => import('@/features/admin/routes/diary'),
  (m) => m.DiaryPage,
);
const BookingsListPage = page(
  () => import('@/features/admin/routes/bookings-list'),
  (m) => m.BookingsListPage,
);
const BookingEditPage = page(
  () => import('@/features/admin/routes/booking-edit'),
  (m) => m.BookingEditPage,
);
const BookingCheckInPage = page(
  () => import('@/features/admin/routes/booking-checkin'),
  (m) => m.BookingCheckInPage,
);
const ReportsOverviewPage = page(
  () => import('@/features/admin/routes/reports-overview'),
  (m) => m.ReportsOverviewPage,
);
const ReportsInoutPage = page(
  () => import('@/features/admin/routes/reports-inout'),
  (m) => m.ReportsInoutPage,
);
const ReportsExtrasPage = page(
  () => import('@/features/admin/routes/reports-extras'),
  (m) => m.ReportsExtrasPage,
);
const ImportsPage = page(
  () => import('@/features/admin/routes/imports'),
  (m) => m.ImportsPage,
);
const VehiclesListPage = page(
  () => import('@/features/admin/routes/vehicles-list'),
  (m) => m.VehiclesListPage,
);
const VehicleEditPage = page(
  () => import('@/features/admin/routes/vehicle-edit'),
  (m) => m.VehicleEditPage,
);
const CustomersListPage = page(
  () => import('@/features/admin/routes/customers-list'),
  (m) => m.CustomersListPage,
);
const CustomerEditPage = page(
  () => import('@/features/admin/routes/customer-edit'),
  (m) => m.CustomerEditPage,
);
const DiscountsListPage = page(
  () => import('@/features/admin/routes/discounts-list'),
  (m) => m.DiscountsListPage,
);
const DiscountEditPage = page(
  () => import('@/features/admin/routes/discount-edit'),
  (m) => m.DiscountEditPage,
);
const WaitlistListPage = page(
  () => import('@/features/admin/routes/waitlist-list'),
  (m) => m.WaitlistListPage,
);
const ContactListPage = page(
  () => import('@/features/admin/routes/contact-list'),
  (m) => m.ContactListPage,
);
const ContactViewPage = page(
  () => import('@/features/admin/routes/contact-view'),
  (m) => m.ContactViewPage,
);
// Settings (back-office §2 "Settings screens").
const LotsListPage = page(
  () => import('@/features/admin/routes/lots-list'),
  (m) => m.LotsListPage,
);
const LotEditPage = page(
  () => import('@/features/admin/routes/lot-edit'),
  (m) => m.LotEditPage,
);
const AirlinesListPage = page(
  () => import('@/features/admin/routes/airlines-list'),
  (m) => m.AirlinesListPage,
);
const AirlineEditPage = page(
  () => import('@/features/admin/routes/airline-edit'),
  (m) => m.AirlineEditPage,
);
const FlightsListPage = page(
  () => import('@/features/admin/routes/flights-list'),
  (m) => m.FlightsListPage,
);
const FlightEditPage = page(
  () => import('@/features/admin/routes/flight-edit'),
  (m) => m.FlightEditPage,
);
const BusTripsListPage = page(
  () => import('@/features/admin/routes/bus-trips-list'),
  (m) => m.BusTripsListPage,
);
const BusTripEditPage = page(
  () => import('@/features/admin/routes/bus-trip-edit'),
  (m) => m.BusTripEditPage,
);
const VehicleTypesListPage = page(
  () => import('@/features/admin/routes/vehicle-types-list'),
  (m) => m.VehicleTypesListPage,
);
const VehicleTypeEditPage = page(
  () => import('@/features/admin/routes/vehicle-type-edit'),
  (m) => m.VehicleTypeEditPage,
);
const ExtrasListPage = page(
  () => import('@/features/admin/routes/extras-list'),
  (m) => m.ExtrasListPage,
);
const ExtraEditPage = page(
  () => import('@/features/admin/routes/extra-edit'),
  (m) => m.ExtraEditPage,
);
const RatesListPage = page(
  () => import('@/features/admin/routes/rates-list'),
  (m) => m.RatesListPage,
);
const RateEditPage = page(
  () => import('@/features/admin/routes/rate-edit'),
  (m) => m.RateEditPage,
);
const DaysListPage = page(
  () => import('@/features/admin/routes/days-list'),
  (m) => m.DaysListPage,
);
const DayEditPage = page(
  () => import('@/features/admin/routes/day-edit'),
  (m) => m.DayEditPage,
);
const BlockoutPeriodsListPage = page(
  () => import('@/features/admin/routes/blockout-periods-list'),
  (m) => m.BlockoutPeriodsListPage,
);
const BlockoutPeriodEditPage = page(
  () => import('@/features/admin/routes/blockout-period-edit'),
  (m) => m.BlockoutPeriodEditPage,
);
// The local payment provider's stand-ins for Stripe's hosted Checkout and Billing portal.
const LocalCheckoutPage = page(
  () => import('@/features/local-payments/routes/local-checkout'),
  (m) => m.LocalCheckoutPage,
);
const LocalBillingPage = page(
  () => import('@/features/local-payments/routes/local-billing'),
  (m) => m.LocalBillingPage,
);

/** Route roles (spec §2 and §6): the customer area needs a signed-in user, the admin area Admins or Sales. */
const signedIn: RouteAccess = { roles: SIGNED_IN };
const staff: RouteAccess = { roles: SALES_OR_HIGHER };
/** Back-office §6: settings, promo codes and reports need Admins. */
const admins: RouteAccess = { roles: ADMINS_ONLY };

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            // Inside the layout, so that a screen that fails keeps the header and its way home.
            errorElement: <RouteErrorPage />,
            children: [
              { index: true, element: <HomePage prepareQuote={prepareQuoteStep} /> },
              { path: paths.login.path, element: <LoginPage /> },
              { path: paths.confirmEmail.path, element: <ConfirmEmailPage /> },
              { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
              { path: paths.setPassword.path, element: <SetPasswordPage /> },
              { path: paths.profile.path, element: <ProfilePage />, handle: signedIn },
              { path: paths.bookings.path, element: <MyBookingsPage />, handle: signedIn },
              { path: paths.vehicles.path, element: <MyVehiclesPage />, handle: signedIn },
              { path: paths.manageBooking.path, element: <ManageBookingPage /> },
              { path: paths.waitlistPlace.path, element: <WaitlistPlacePage /> },
              { path: paths.permissionDenied.path, element: <PermissionDeniedPage /> },
              { path: paths.notFound.path, element: <NotFoundPage /> },
              {
                // The booking wizard (public-site §2, §4): one layout with its state and progress rules.
                path: paths.booking.path,
                element: <BookingWizardLayout />,
                children: [
                  { index: true, element: <Navigate to={paths.bookingStep1.path} replace /> },
                  { path: paths.bookingStep1.path, element: <QuoteStep /> },
                  { path: paths.bookingStep2.path, element: <DetailsStep /> },
                  { path: paths.bookingStep3.path, element: <CarStep /> },
                  { path: paths.bookingStep4.path, element: <FlightsStep /> },
                  { path: paths.bookingStep5.path, element: <CheckoutStep /> },
                  { path: paths.bookingStep6.path, element: <SummaryStep /> },
                  { path: paths.bookingStep7.path, element: <PaymentStep /> },
                  { path: paths.bookingStep8.path, element: <SuccessStep /> },
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
              // Content pages from the content backend; any other path is the 404 page.
              { path: '*', element: <CatchAllPage /> },
            ],
          },
        ],
      },
      {
        // A sibling of the public layout: the admin area hides the public header and footer (spec §2).
        path: paths.admin.path,
        element: <AdminLayout />,
        handle: staff,
        errorElement: <RouteErrorPage />,
        children: [
          { index: true, element: <Navigate to={paths.adminDiary.path} replace /> },
          { path: paths.adminDiary.path, element: <DiaryPage /> },
          { path: paths.adminBookings.path, element: <BookingsListPage /> },
          { path: paths.adminBookingsAdd.path, element: <BookingEditPage /> },
          { path: paths.adminBookingsEdit.path, element: <BookingEditPage /> },
          { path: paths.adminBookingsCheckin.path, element: <BookingCheckInPage /> },
          { path: paths.adminReports.path, element: <ReportsOverviewPage />, handle: admins },
          { path: paths.adminReportsInout.path, element: <ReportsInoutPage />, handle: admins },
          { path: paths.adminReportsExtras.path, element: <ReportsExtrasPage />, handle: admins },
          { path: paths.adminImports.path, element: <ImportsPage />, handle: admins },
          { path: paths.adminVehicles.path, element: <VehiclesListPage /> },
          { path: paths.adminVehiclesAdd.path, element: <VehicleEditPage /> },
          { path: paths.adminVehiclesEdit.path, element: <VehicleEditPage /> },
          { path: paths.adminCustomers.path, element: <CustomersListPage /> },
          { path: paths.adminCustomersAdd.path, element: <CustomerEditPage /> },
          { path: paths.adminCustomersEdit.path, element: <CustomerEditPage /> },
          { path: paths.adminDiscounts.path, element: <DiscountsListPage />, handle: admins },
          { path: paths.adminDiscountsAdd.path, element: <DiscountEditPage />, handle: admins },
          { path: paths.adminDiscountsEdit.path, element: <DiscountEditPage />, handle: admins },
          { path: paths.adminContact.path, element: <ContactListPage /> },
          { path: paths.adminWaitlist.path, element: <WaitlistListPage /> },
          { path: paths.adminContactView.path, element: <ContactViewPage /> },
          // Settings: Admins only (back-office §6).
          { path: paths.adminLots.path, element: <LotsListPage />, handle: admins },
          { path: paths.adminLotsAdd.path, element: <LotEditPage />, handle: admins },
          { path: paths.adminLotsEdit.path, element: <LotEditPage />, handle: admins },
          { path: paths.adminAirlines.path, element: <AirlinesListPage />, handle: admins },
          { path: paths.adminAirlinesAdd.path, element: <AirlineEditPage />, handle: admins },
          { path: paths.adminAirlinesEdit.path, element: <AirlineEditPage />, handle: admins },
          { path: paths.adminFlights.path, element: <FlightsListPage />, handle: admins },
          { path: paths.adminFlightsAdd.path, element: <FlightEditPage />, handle: admins },
          { path: paths.adminFlightsEdit.path, element: <FlightEditPage />, handle: admins },
          { path: paths.adminBustrips.path, element: <BusTripsListPage />, handle: admins },
          { path: paths.adminBustripsAdd.path, element: <BusTripEditPage />, handle: admins },
          { path: paths.adminBustripsEdit.path, element: <BusTripEditPage />, handle: admins },
          { path: paths.adminVehicletypes.path, element: <VehicleTypesListPage />, handle: admins },
          { path: paths.adminVehicletypesAdd.path, element: <VehicleTypeEditPage />, handle: admins },
          { path: paths.adminVehicletypesEdit.path, element: <VehicleTypeEditPage />, handle: admins },
          { path: paths.adminExtras.path, element: <ExtrasListPage />, handle: admins },
          { path: paths.adminExtrasAdd.path, element: <ExtraEditPage />, handle: admins },
          { path: paths.adminExtrasEdit.path, element: <ExtraEditPage />, handle: admins },
          { path: paths.adminRates.path, element: <RatesListPage />, handle: admins },
          { path: paths.adminRatesAdd.path, element: <RateEditPage />, handle: admins },
          { path: paths.adminRatesEdit.path, element: <RateEditPage />, handle: admins },
          { path: paths.adminDays.path, element: <DaysListPage />, handle: admins },
          { path: paths.adminDaysAdd.path, element: <DayEditPage />, handle: admins },
          { path: paths.adminDaysEdit.path, element: <DayEditPage />, handle: admins },
          { path: paths.adminBlockoutPeriods.path, element: <BlockoutPeriodsListPage />, handle: admins },
          { path: paths.adminBlockoutPeriodsAdd.path, element: <BlockoutPeriodEditPage />, handle: admins },
          { path: paths.adminBlockoutPeriodsEdit.path, element: <BlockoutPeriodEditPage />, handle: admins },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        // Hosted payment pages have their own quiet frame, without the site's header and footer, as
        // Stripe's would. Open to anyone: the session id in the path is the credential.
        errorElement: <RouteErrorPage />,
        children: [
          { path: paths.localCheckout.path, element: <LocalCheckoutPage /> },
          { path: paths.localBilling.path, element: <LocalBillingPage /> },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
