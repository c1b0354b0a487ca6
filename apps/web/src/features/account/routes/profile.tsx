import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSearchParams } from 'react-router';
import { PageSection } from '@/components/page-section';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-context';
import { usePageTitle } from '@/lib/page-title';
import { PasswordChangeForm } from '../components/password-change-form';
import { ProfileForm } from '../components/profile-form';
import { SubscriptionPanel } from '../components/subscription-panel';
import { YourDataCard } from '../components/your-data-card';
import { TwoFactorPanel } from '../components/two-factor-panel';

const TABS = [
  { value: 'settings', label: 'User Settings' },
  { value: 'password', label: 'Password' },
  // Public-site §2: `?tab=subscribe` opens the third tab.
  { value: 'subscribe', label: 'Subscriptions' },
  // Issue 38.
  { value: 'security', label: 'Two-factor sign-in' },
] as const;
type ProfileTab = (typeof TABS)[number]['value'];

const isProfileTab = (value: string | null): value is ProfileTab => TABS.some((tab) => tab.value === value);

/** /profile: User Settings, Password and Subscriptions tabs; the tab lives in the URL. */
export function ProfilePage() {
  usePageTitle(paths.profile.title);
  const { user, customer } = useAuth();
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery('(max-width: 599.95px)');
  const wanted = params.get('tab');
  const tab: ProfileTab = isProfileTab(wanted) ? wanted : 'settings';

  // The route guard lets only signed-in users this far.
  if (!user) return null;

  const changeTab = (value: ProfileTab) => {
    setParams(value === 'settings' ? {} : { tab: value }, { replace: true });
  };

  return (
    <PageSection
      title="Profile"
      intro="Your details, your password and your parking subscriptions."
      maxWidth="md"
    >
      <Card>
        <Tabs
          value={tab}
          onChange={(_event, value: ProfileTab) => changeTab(value)}
          aria-label="Profile sections"
          variant={phone ? 'scrollable' : 'standard'}
          allowScrollButtonsMobile
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            px: { xs: 0, sm: 2 },
            '& .MuiTab-root': { minWidth: 0, px: { xs: 1, sm: 2 } },
          }}
        >
          {TABS.map((item) => (
            <Tab
              key={item.value}
              value={item.value}
              label={item.label}
              id={`profile-tab-${item.value}`}
              aria-controls={`profile-panel-${item.value}`}
            />
          ))}
        </Tabs>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Box role="tabpanel" id={`profile-panel-${tab}`} aria-labelledby={`profile-tab-${tab}`}>
            {tab === 'settings' &&
              (customer ? (
                <ProfileForm customer={customer} />
              ) : (
                <Alert severity="info">This account has no customer details to edit.</Alert>
              ))}
            {tab === 'password' && <PasswordChangeForm userId={user.id} />}
            {tab === 'subscribe' && <SubscriptionPanel user={user} />}
            {tab === 'security' && <TwoFactorPanel />}
          </Box>
        </CardContent>
      </Card>
      <YourDataCard />
    </PageSection>
  );
}
