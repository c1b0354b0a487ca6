import type { ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { ADMINS_ONLY } from '@/lib/auth/roles';
import type { RouteAccess } from './guards/route-guard';
import { page } from './lazy-page';

// The back office (back-office.md): each screen its own chunk, loaded when first opened.
export const AdminLayout = page(
  () => import('./layouts/admin-layout'),
  (m) => m.AdminLayout,
);
const DiaryPage = page(
  () => import('@/features/admin/routes/diary'),
  (m) => m.DiaryPage,
);
const BringUpBoardPage = page(
  () => import('@/features/admin/routes/bring-up-board'),
  (m) => m.BringUpBoardPage,
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
const SignInSecurityPage = page(
  () => import('@/features/admin/routes/sign-in-security'),
  (m) => m.SignInSecurityPage,
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
const WalletUpdatesPage = page(
  () => import('@/features/admin/routes/wallet-updates'),
  (m) => m.WalletUpdatesPage,
);
const DeliveryProblemsPage = page(
  () => import('@/features/admin/routes/delivery-problems'),
  (m) => m.DeliveryProblemsPage,
);
const PrivacyRequestsPage = page(
  () => import('@/features/admin/routes/privacy-requests'),
  (m) => m.PrivacyRequestsPage,
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
const PartnersListPage = page(
  () => import('@/features/admin/routes/partners-list'),
  (m) => m.PartnersListPage,
);
const PartnerEditPage = page(
  () => import('@/features/admin/routes/partner-edit'),
  (m) => m.PartnerEditPage,
);
const PartnerStatementPage = page(
  () => import('@/features/admin/routes/partner-statement'),
  (m) => m.PartnerStatementPage,
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
// Content (issue 25): the editor (TipTap) is a further chunk, loaded by the forms that use it.
const ContentPagesListPage = page(
  () => import('@/features/content-admin/routes/pages-list'),
  (m) => m.ContentPagesListPage,
);
const ContentPageEditPage = page(
  () => import('@/features/content-admin/routes/page-edit'),
  (m) => m.ContentPageEditPage,
);
const ContentMenusPage = page(
  () => import('@/features/content-admin/routes/menus'),
  (m) => m.ContentMenusPage,
);
const ContentHomePage = page(
  () => import('@/features/content-admin/routes/home-page'),
  (m) => m.ContentHomePage,
);
const ContentSitePage = page(
  () => import('@/features/content-admin/routes/site-details'),
  (m) => m.ContentSitePage,
);
/** Back-office §6: settings, promo codes and reports need Admins. */
const admins: RouteAccess = { roles: ADMINS_ONLY };

/** The back office's screens, under its layout; `notFound` answers any other path inside it. */
export function adminRoutes(notFound: ReactNode): RouteObject[] {
  return [
    { index: true, element: <Navigate to={paths.adminDiary.path} replace /> },
    { path: paths.adminDiary.path, element: <DiaryPage /> },
    { path: paths.adminBringUp.path, element: <BringUpBoardPage /> },
    { path: paths.adminBookings.path, element: <BookingsListPage /> },
    { path: paths.adminBookingsAdd.path, element: <BookingEditPage /> },
    { path: paths.adminBookingsEdit.path, element: <BookingEditPage /> },
    { path: paths.adminBookingsCheckin.path, element: <BookingCheckInPage /> },
    { path: paths.adminReports.path, element: <ReportsOverviewPage />, handle: admins },
    { path: paths.adminReportsInout.path, element: <ReportsInoutPage />, handle: admins },
    { path: paths.adminReportsExtras.path, element: <ReportsExtrasPage />, handle: admins },
    { path: paths.adminImports.path, element: <ImportsPage />, handle: admins },
    { path: paths.adminDeliveryProblems.path, element: <DeliveryProblemsPage />, handle: admins },
    { path: paths.adminWalletUpdates.path, element: <WalletUpdatesPage />, handle: admins },
    { path: paths.adminPrivacy.path, element: <PrivacyRequestsPage />, handle: admins },
    { path: paths.adminSignInSecurity.path, element: <SignInSecurityPage />, handle: admins },
    { path: paths.adminVehicles.path, element: <VehiclesListPage /> },
    { path: paths.adminVehiclesAdd.path, element: <VehicleEditPage /> },
    { path: paths.adminVehiclesEdit.path, element: <VehicleEditPage /> },
    { path: paths.adminCustomers.path, element: <CustomersListPage /> },
    { path: paths.adminCustomersAdd.path, element: <CustomerEditPage /> },
    { path: paths.adminCustomersEdit.path, element: <CustomerEditPage /> },
    { path: paths.adminDiscounts.path, element: <DiscountsListPage />, handle: admins },
    { path: paths.adminDiscountsAdd.path, element: <DiscountEditPage />, handle: admins },
    { path: paths.adminDiscountsEdit.path, element: <DiscountEditPage />, handle: admins },
    { path: paths.adminPartners.path, element: <PartnersListPage />, handle: admins },
    { path: paths.adminPartnersAdd.path, element: <PartnerEditPage />, handle: admins },
    { path: paths.adminPartnersEdit.path, element: <PartnerEditPage />, handle: admins },
    { path: paths.adminPartnerStatement.path, element: <PartnerStatementPage />, handle: admins },
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
    { path: paths.adminContentPages.path, element: <ContentPagesListPage />, handle: admins },
    { path: paths.adminContentPagesAdd.path, element: <ContentPageEditPage />, handle: admins },
    { path: paths.adminContentPagesEdit.path, element: <ContentPageEditPage />, handle: admins },
    { path: paths.adminContentMenus.path, element: <ContentMenusPage />, handle: admins },
    { path: paths.adminContentHome.path, element: <ContentHomePage />, handle: admins },
    { path: paths.adminContentSite.path, element: <ContentSitePage />, handle: admins },
    { path: '*', element: notFound },
  ];
}
