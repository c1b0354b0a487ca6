import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/layout/brand-logo';
import { site } from '@/config/site';

/**
 * The frame of the local provider's pages, in place of Stripe's hosted Checkout and Billing portal: the
 * business's name, a quiet page and nothing to wander off to, as a hosted payment page looks. "Test
 * mode" says plainly that no real card is charged, as Stripe's test pages do.
 */
export function HostedPage({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh', bgcolor: 'background.default' }}
    >
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Container
          maxWidth="md"
          sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 1.5 }}
        >
          <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', color: 'primary.main' }}>
            <BrandMark size={32} />
            <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.125rem' }}>
              {site.name}
            </Typography>
          </Stack>
          <Chip label="Test mode" size="small" color="secondary" sx={{ fontWeight: 600, flexShrink: 0 }} />
        </Container>
      </Box>
      <Box component="main" sx={{ flexGrow: 1 }}>
        <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
          {children}
        </Container>
      </Box>
      <Box component="footer" sx={{ py: 3 }}>
        <Container maxWidth="md">
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            <LockOutlinedIcon aria-hidden sx={{ fontSize: 16, verticalAlign: '-0.15em', mr: 0.75 }} />
            Secure payment page of {site.name}. Test mode: cards are simulated and never charged.
          </Typography>
        </Container>
      </Box>
    </Box>
  );
}

interface HostedNoticeProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action: ReactNode;
}

/** A session that cannot be used (paid already, expired, unknown): what happened and the way back. */
export function HostedNotice({ icon, title, children, action }: HostedNoticeProps) {
  return (
    <Box
      sx={{
        maxWidth: 520,
        mx: 'auto',
        mt: { xs: 2, md: 4 },
        p: { xs: 3, sm: 5 },
        textAlign: 'center',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 4,
      }}
    >
      <Box
        aria-hidden
        sx={{
          mx: 'auto',
          mb: 2.5,
          width: 64,
          height: 64,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'rgba(15, 45, 82, 0.08)',
          color: 'primary.main',
          '& svg': { fontSize: 32 },
        }}
      >
        {icon}
      </Box>
      <Typography variant="h3" component="h1" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3.5 }}>
        {children}
      </Typography>
      {action}
    </Box>
  );
}
