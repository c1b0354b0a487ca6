import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { QuoteDates } from '@/components/quote-dates-fields';
import { paths } from '@/config/paths';
import { SALES_OR_HIGHER, SIGNED_IN } from '@/lib/auth/roles';
import type { RouteAccess } from './guards/route-guard';
import { HomePage } from '@/features/content/routes/home';
import { AppRoot } from './layouts/app-root';
import { PublicLayout } from './layouts/public-layout';
import { RouteErrorPage } from './routes/route-error';
import { AdminLayout, adminRoutes } from './admin-routes';
import { page } from './lazy-page';

// Every screen but the home page is its own chunk: a visitor landing on the home page never downloads
// the booking wizard, the customer area or the back office. The home page, where most visits start, is
// part of the entry, so that its heading and quote form are in the first paint instead of waiting for
// a second script after the first has run (Lighthouse's largest contentful paint).
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
const TwoFactorPage = page(
  () => import('@/features/account/routes/two-factor'),
  (m) => m.TwoFactorPage,
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
const WaitlistConfirmationPage = page(
  () => import('@/features/waitlist/routes/waitlist-confirmation'),
  (m) => m.WaitlistConfirmationPage,
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
 * for the dates the traveller asks for, and goes to the step once its code is here.
 */
function prepareQuoteStep(client: QueryClient, dates: QuoteDates): Promise<void> {
  // The query's module too is loaded on demand: the home page's script stays as small as it was.
  void import('@/lib/api/quotes').then(({ quotesQuery }) =>
    client.prefetchQuery(quotesQuery(dates.startDate, dates.endDate)),
  );
  // Settles once the step's code is here (or failed: a chunk that fails here is asked for again when the
  // step renders, which then shows the failure).
  return Promise.all([BookingWizardLayout.preload(), QuoteStep.preload()]).then(
    () => undefined,
    () => undefined,
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
// The local payment provider's stand-ins for Stripe's hosted Checkout and Billing portal.
const LocalCheckoutPage = page(
  () => import('@/features/local-payments/routes/local-checkout'),
  (m) => m.LocalCheckoutPage,
);
const LocalBillingPage = page(
  () => import('@/features/local-payments/routes/local-billing'),
  (m) => m.LocalBillingPage,
);

/** The public site's catch-all route: the content backend's pages (the server pre-renders them). */
export const CONTENT_PAGE_ROUTE = 'content-page';

/** Route roles (public-site §2 and §6): the customer area needs a signed-in user, the admin area Admins or Sales. */
const signedIn: RouteAccess = { roles: SIGNED_IN };
const staff: RouteAccess = { roles: SALES_OR_HIGHER };

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
              { path: paths.twoFactor.path, element: <TwoFactorPage />, handle: signedIn },
              { path: paths.bookings.path, element: <MyBookingsPage />, handle: signedIn },
              { path: paths.vehicles.path, element: <MyVehiclesPage />, handle: signedIn },
              { path: paths.manageBooking.path, element: <ManageBookingPage /> },
              { path: paths.waitlistPlace.path, element: <WaitlistPlacePage /> },
              { path: paths.waitlistConfirmation.path, element: <WaitlistConfirmationPage /> },
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
              { id: CONTENT_PAGE_ROUTE, path: '*', element: <CatchAllPage /> },
            ],
          },
        ],
      },
      {
        // A sibling of the public layout: the admin area hides the public header and footer (back-office §2).
        path: paths.admin.path,
        element: <AdminLayout />,
        handle: staff,
        errorElement: <RouteErrorPage />,
        children: adminRoutes(<NotFoundPage />),
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
