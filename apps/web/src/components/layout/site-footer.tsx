import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useContentMenu } from '@/lib/content/menus';
import { useSiteContact } from '@/lib/content/site-contact';
import { BrandLogo } from './brand-logo';

// The content backend's `footer` menu while it loads or when it cannot answer; `footer_secondary`
// (terms, privacy) has no stand-in.
const footerMenu = [
  { label: 'Home', href: paths.home.path },
  { label: 'Get a quote', href: paths.bookingStep1.path },
];
const visitorLinks = [
  { label: 'Login', href: loginHref() },
  { label: 'Register', href: loginHref({ tab: 'register' }) },
];
const customerLinks = [
  { label: 'My Bookings', href: paths.bookings.path },
  { label: 'Profile', href: paths.profile.path },
];

const linkSx = { color: 'common.white', fontWeight: 500 } as const;

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
                  <Link href={item.href} underline="hover" sx={linkSx}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </Stack>
          </Box>

          <Box>
            <Typography component="h2" variant="overline" sx={{ color: 'secondary.main' }}>
              Contact us
            </Typography>
            <Link
              href={contact.phone.href}
              underline="hover"
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
            </Link>
            <Stack spacing={0.75} sx={{ mt: 1.5, typography: 'body2' }}>
              {contact.email && (
                <Link href={`mailto:${contact.email}`} underline="hover" sx={linkSx}>
                  {contact.email}
                </Link>
              )}
              {contact.address && <span>{contact.address}</span>}
              {contact.hours && <span>{contact.hours}</span>}
            </Stack>
          </Box>
        </Box>

        <Divider sx={{ borderColor: 'rgba(255, 255, 255, 0.16)', my: { xs: 4, md: 5 } }} />

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
                    <Link href={item.href} underline="hover" sx={linkSx}>
                      {item.label}
                    </Link>
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
