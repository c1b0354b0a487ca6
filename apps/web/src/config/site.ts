// The business identity lives here so that the page titles, the header, the footer and index.html
// (through vite.config.ts) can never disagree. Contact details will come from the content backend
// once it exists; until then this is the single source.
export const site = {
  name: 'SkyPark Airport Parking',
  wordmark: 'SkyPark',
  descriptor: 'Airport Parking',
  description:
    'Valet indoor and outdoor airport parking with a shuttle bus to and from the airport. Get a quote and book online in Australian dollars.',
  // 1300 975 707 is reserved by the ACMA for fictional use, so a demo build never rings a real business.
  phone: { display: '1300 975 707', href: 'tel:1300975707' },
} as const;
