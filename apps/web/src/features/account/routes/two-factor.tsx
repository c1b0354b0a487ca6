import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageSection } from '@/components/page-section';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { safeNextPath } from '@/lib/auth/next-path';
import { usePageTitle } from '@/lib/page-title';
import { TwoFactorPanel } from '../components/two-factor-panel';

/**
 * /two-factor: where staff who must use two-factor sign-in land until it is set up (the rest of the site waits,
 * auth-provider.tsx), and anyone's way to manage it outside the profile's tab.
 */
export function TwoFactorPage() {
  usePageTitle(paths.twoFactor.title);
  const { session } = useAuth();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next')) ?? paths.home.path;
  if (!session) return null;
  return (
    <PageSection
      title="Two-factor sign-in"
      intro="A second step after your password: a code from an app, a recovery code or a passkey."
      maxWidth="md"
      action={
        session.twoFactorSetupRequired ? undefined : (
          <Button component={RouterLink} to={next} variant="contained">
            Continue
          </Button>
        )
      }
    >
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <TwoFactorPanel />
        </CardContent>
      </Card>
    </PageSection>
  );
}
