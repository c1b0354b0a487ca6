import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { displayName } from '@/lib/auth/session';
import { usePageTitle } from '@/lib/page-title';

/**
 * The back office's landing page. The staff screens (diary, bookings, customers, settings, reports)
 * arrive with their own issue; until then this page says so rather than showing empty screens.
 */
export function AdminHomePage() {
  usePageTitle(paths.admin.title);
  const { user } = useAuth();

  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      <Typography variant="h2" component="h1" sx={{ color: 'primary.main', mb: 1 }}>
        Back office
      </Typography>
      {user && (
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          Signed in as {displayName(user)} ({user.email}) · {user.roles.join(', ')}
        </Typography>
      )}
      <Card>
        <CardContent sx={{ p: { xs: 3, md: 4 } }}>
          <Typography variant="h4" component="h2" gutterBottom>
            The staff screens are on their way
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            The diary, bookings, customers, reports and settings screens of the back office are not part of
            this release yet. Bookings made on the public site are saved and will appear here once they are.
          </Typography>
          <Button href={paths.home.path} variant="outlined" startIcon={<ArrowBackIcon />}>
            Go to the public site
          </Button>
        </CardContent>
      </Card>
    </Container>
  );
}
