import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import { paths } from '@/config/paths';
import { frontpageQuery } from '@/lib/content/queries';
import { usePageTitle } from '@/lib/page-title';
import { AccountCta } from '../components/account-cta';
import { ContentColumns } from '../components/content-columns';
import { FooterCta } from '@/components/content/footer-cta';
import { HydrateLater } from '@/components/hydrate-later';
import { LocationBlock } from '../components/location-block';
import { QuoteForm, type PrepareQuote } from '../components/quote-form';
import { StepsCarousel } from '../components/steps-carousel';
import { Testimonials } from '../components/testimonials';

// Shown until (or unless) the content backend answers, so that the heading never waits for it.
const DEFAULT_TITLE = 'Valet indoor and outdoor parking with a shuttle to the airport';
const DEFAULT_TEXT =
  'Hand your keys to our valet team, choose undercover indoor or open-air outdoor parking, and ride our shuttle bus to check-in.';
const DEFAULT_LOGGED_IN_TEXT =
  'Fly often? An unlimited parking subscription covers every stay in your car park for one price, billed every three months.';
const DEFAULT_GUEST_TEXT =
  'Log on to book with your saved details and vehicles, and to see every booking in one place.';

/**
 * The home page (public-site §2): the three-step carousel and the quote form (or the blockout notice),
 * the call to action for the login state, then the content backend's columns, location, quotes and
 * closing call to action. `prepareQuote` readies the wizard's first step for the quote form (the app's router
 * gives it: features do not import each other).
 */
export function HomePage({ prepareQuote }: { prepareQuote?: PrepareQuote }) {
  usePageTitle(paths.home.title);
  const frontpage = useQuery(frontpageQuery);
  const acf = frontpage.data?.acf;
  // The sections below the first screen render from a deferred copy: when the content arrives, React
  // draws them in a background render it can pause, so the quote form stays responsive meanwhile.
  const sections = useDeferredValue(frontpage.isPending ? 'loading' : acf);

  return (
    <>
      <Box
        component="section"
        aria-labelledby="home-title"
        sx={{
          background: 'linear-gradient(180deg, #EAF0F8 0%, #F7F9FC 100%)',
          pt: { xs: 4, md: 8 },
          pb: { xs: 5, md: 9 },
        }}
      >
        <Container maxWidth="lg">
          <Box
            sx={{
              display: 'grid',
              gap: { xs: 3, md: 6 },
              alignItems: 'start',
              gridTemplateColumns: { xs: '1fr', md: '6fr 5fr' },
            }}
          >
            <HydrateLater>
              <Box sx={{ gridColumn: { md: 1 }, gridRow: { md: 1 } }}>
                <Typography variant="overline" component="p" sx={{ color: 'primary.light' }}>
                  Airport car parking
                </Typography>
                <Typography id="home-title" variant="h1" sx={{ color: 'primary.main', mt: 1, mb: 2 }}>
                  {acf?.hero_title || DEFAULT_TITLE}
                </Typography>
                <Typography variant="subtitle1" color="text.secondary" sx={{ maxWidth: 560 }}>
                  {acf?.hero_text || DEFAULT_TEXT}
                </Typography>
              </Box>
            </HydrateLater>
            <HydrateLater>
              <Box
                sx={{
                  gridColumn: { md: 1 },
                  gridRow: { md: 2 },
                  bgcolor: 'background.paper',
                  borderRadius: 4,
                  p: { xs: 2.5, sm: 3.5 },
                  border: 1,
                  borderColor: 'divider',
                }}
              >
                <QuoteForm prepareQuote={prepareQuote} />
              </Box>
            </HydrateLater>
            {/* In the page's order on a phone: a page drawn while it is still arriving (a slow phone) only grows
                below what is shown, with no form appearing above the carousel and pushing it down. */}
            <HydrateLater>
              <Box sx={{ gridColumn: { md: 2 }, gridRow: { md: '1 / span 2' } }}>
                <StepsCarousel slides={acf?.slides} />
              </Box>
            </HydrateLater>
          </Box>
        </Container>
      </Box>

      <HydrateLater>
        <AccountCta
          loggedInText={acf?.cta_logged_in_text || DEFAULT_LOGGED_IN_TEXT}
          guestText={acf?.cta_guest_text || DEFAULT_GUEST_TEXT}
        />
      </HydrateLater>

      {sections === 'loading' ? (
        <Container maxWidth="lg" sx={{ py: 6 }} role="progressbar" aria-busy="true" aria-label="Loading">
          <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
            {[0, 1, 2].map((index) => (
              <div key={index}>
                <Skeleton variant="rounded" width={52} height={52} sx={{ mb: 2 }} />
                <Skeleton variant="text" width="60%" height={32} />
                <Skeleton variant="text" />
                <Skeleton variant="text" width="80%" />
              </div>
            ))}
          </Box>
        </Container>
      ) : (
        sections && (
          <>
            {sections.columns.length > 0 && (
              <HydrateLater>
                <ContentColumns columns={sections.columns} />
              </HydrateLater>
            )}
            {sections.location && (
              <HydrateLater>
                <LocationBlock location={sections.location} />
              </HydrateLater>
            )}
            {sections.quotes && (
              <HydrateLater>
                <Testimonials quotes={sections.quotes} />
              </HydrateLater>
            )}
            {sections.footer_cta && (
              <HydrateLater>
                <FooterCta cta={sections.footer_cta} />
              </HydrateLater>
            )}
          </>
        )
      )}
    </>
  );
}
