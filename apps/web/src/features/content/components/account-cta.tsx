import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { loginHref, profileHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { useAuthDialog } from '@/lib/auth/auth-dialog';
import { contentRoutesQuery } from '@/lib/content/queries';

const DEFAULT_CONTACT_PATH = '/contact-us';

interface AccountCtaProps {
  loggedInText: string;
  guestText: string;
}

/**
 * The call to action that depends on the login state (public-site §2): signed-in customers are offered
 * a subscription through the contact page, visitors are asked whether they have booked before.
 */
export function AccountCta({ loggedInText, guestText }: AccountCtaProps) {
  const { status, user } = useAuth();
  const dialog = useAuthDialog();
  const routes = useQuery(contentRoutesQuery);
  const contactPath = routes.data?.find((route) => route.layout === 'contact')?.path ?? DEFAULT_CONTACT_PATH;

  if (status === 'loading') return <Box sx={{ minHeight: 180 }} aria-hidden />;

  const openLogin = (event: MouseEvent<HTMLElement>) => {
    if (!dialog || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    dialog.open('login');
  };

  return (
    <Box component="section" aria-labelledby="account-cta-title" sx={{ py: { xs: 5, md: 7 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: { xs: 'flex-start', md: 'center' },
            justifyContent: 'space-between',
            gap: 3,
            p: { xs: 3, md: 5 },
            borderRadius: 4,
            bgcolor: 'rgba(15, 45, 82, 0.05)',
          }}
        >
          <Box sx={{ maxWidth: 640 }}>
            <Typography
              id="account-cta-title"
              variant="h3"
              component="h2"
              sx={{ color: 'primary.main', mb: 1 }}
            >
              {user ? 'Subscribe and Save' : 'Booked with us before?'}
            </Typography>
            <Typography color="text.secondary">{user ? loggedInText : guestText}</Typography>
          </Box>
          {user ? (
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Button href={contactPath} variant="contained" size="large">
                Contact us
              </Button>
              <Button href={profileHref({ tab: 'subscribe' })} variant="outlined" size="large">
                See subscriptions
              </Button>
            </Box>
          ) : (
            <Button
              href={loginHref()}
              onClick={openLogin}
              variant="contained"
              size="large"
              sx={{ minWidth: 160 }}
            >
              Log On
            </Button>
          )}
        </Box>
      </Container>
    </Box>
  );
}
