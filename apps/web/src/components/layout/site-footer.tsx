import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useContentMenu } from '@/lib/content/menus';
import { useSiteContact } from '@/lib/content/site-contact';
import { LinkBehavior } from '@/components/link-behavior';
import { BrandLogo } from './brand-logo';

// The content backend's `footer` menu while it loads or when it cannot answer; `footer_secondary`
// (terms, privacy) has no stand-in.
const footerMenu = [
  { label: 'Home', href: paths.home.path },
  { label: 'Get a quote', href: paths.bookingStep1.path },
];
const manageLink = { label: 'Manage my booking', href: paths.manageBooking.path };
const visitorLinks = [
  manageLink,
  { label: 'Login', href: loginHref() },
  { label: 'Register', href: loginHref({ tab: 'register' }) },
];
const customerLinks = [
  { label: 'My Bookings', href: paths.bookings.path },
  manageLink,
  { label: 'Profile', href: paths.profile.path },
];

// What MUI's Link with underline="hover" draws, on the site's own link behaviour: the footer is on every
// first visit, and Link's typography variants and colour handling would come with it.
const linkSx = {
  color: 'common.white',
  fontWeight: 500,
  textDecoration: 'none',
  textUnderlineOffset: '0.2em',
  '&:hover': { textDecoration: 'underline' },
} as const;

export function SiteFooter() {
  const { user } = useAuth();
  const menu = useContentMenu('footer', footerMenu);
  const secondary = useContentMenu('footer_secondary', []);
  const contact = useSiteContact();
  const links = [...menu, ...(user ? customerLinks : visitorLinks)];
  return (
    <Box
      component="footer"
      sx={{
        bgcolor: 'primary.dark',
        color: 'rgba(255, 255, 255, 0.85)',
        // The page's blue focus ring disappears against navy.
        '& :focus-visible, & .Mui-focusVisible': { outlineColor: 'secondary.main' },
      }}
    >
      <Container maxWidth="lg" sx={{ py: { xs: 6, md: 8 } }}>
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 5, md: 6 },
            gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' },
          }}
        >
          <Stack spacing={2} sx={{ maxWidth: 380 }}>
            <BrandLogo inverted />
            <Typography variant="body2">
              Valet indoor and outdoor parking with a shuttle bus to and from the airport.
            </Typography>
          </Stack>

          <Box component="nav" aria-label="Footer">
            <Typography component="h2" variant="overline" sx={{ color: 'secondary.main' }}>
              Explore
            </Typography>
            <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
              {links.map((item) => (
                <li key={item.label}>
                  <Box component={LinkBehavior} href={item.href} sx={linkSx}>
                    {item.label}
                  </Box>
                </li>
              ))}
            </Stack>
          </Box>

          <Box>
            <Typography component="h2" variant="overline" sx={{ color: 'secondary.main' }}>
              Contact us
            </Typography>
            <Box
              component={LinkBehavior}
              href={contact.phone.href}
              sx={{
                ...linkSx,
                display: 'inline-flex',
                alignItems: 'center',
                gap: 1,
                mt: 1,
                fontSize: '1.125rem',
              }}
            >
              <PhoneOutlinedIcon fontSize="small" aria-hidden />
              {contact.phone.display}
            </Box>
            <Stack spacing={0.75} sx={{ mt: 1.5, typography: 'body2' }}>
              {contact.email && (
                <Box component={LinkBehavior} href={`mailto:${contact.email}`} sx={linkSx}>
                  {contact.email}
                </Box>
              )}
              {contact.address && <span>{contact.address}</span>}
              {contact.hours && <span>{contact.hours}</span>}
            </Stack>
          </Box>
        </Box>

        {/* A plain rule (what MUI's Divider draws), so the footer does not bring Divider's variants along. */}
        <Box
          component="hr"
          sx={{
            border: 0,
            borderBottom: 'thin solid rgba(255, 255, 255, 0.16)',
            flexShrink: 0,
            mx: 0,
            my: { xs: 4, md: 5 },
          }}
        />

        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', typography: 'body2' }}
        >
          <span>
            © {new Date().getFullYear()} {contact.businessName}
            {contact.abn ? ` · ABN ${contact.abn}` : ''}
          </span>
          {secondary.length > 0 && (
            <Box component="nav" aria-label="Legal">
              <Stack
                component="ul"
                direction="row"
                spacing={2.5}
                sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap' }}
              >
                {secondary.map((item) => (
                  <li key={item.href}>
                    <Box component={LinkBehavior} href={item.href} sx={linkSx}>
                      {item.label}
                    </Box>
                  </li>
                ))}
              </Stack>
            </Box>
          )}
          <span>Prices are in Australian dollars and include GST.</span>
        </Stack>
      </Container>
    </Box>
  );
}
