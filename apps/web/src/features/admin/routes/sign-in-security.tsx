import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { messages } from '@parking/domain/messages';
import { useSnackbar } from '@/components/snackbar/snackbar-context';
import { paths } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import { usePageTitle } from '@/lib/page-title';
import { twoFactorSettingsQuery, useSaveTwoFactorSettings } from '../api/two-factor';

const TITLE = paths.adminSignInSecurity.title;

/**
 * Sign-in security (issue 38, Admins): "Staff must use two-factor sign-in". On, every login with a role other than
 * Customers needs an authenticator app or a passkey; staff without one are sent to set it up at their next step.
 */
export function SignInSecurityPage() {
  usePageTitle(TITLE);
  const snackbar = useSnackbar();
  const settings = useQuery(twoFactorSettingsQuery);
  const save = useSaveTwoFactorSettings();

  return (
    <Box>
      <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.5rem', md: '1.75rem' }, mb: 2 }}>
        {TITLE}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          {settings.isPending ? (
            <CircularProgress aria-label="Loading the setting" />
          ) : settings.isError ? (
            <Alert severity="error">{firstErrorDetail(settings.error, messages.unknownError)}</Alert>
          ) : (
            <Box>
              <FormControlLabel
                control={
                  <Switch
                    checked={settings.data.staffRequired}
                    disabled={save.isPending}
                    onChange={(_event, checked) =>
                      save.mutateAsync(checked).then(
                        () => snackbar.show(messages.settingsUpdated),
                        (error: unknown) =>
                          snackbar.show(firstErrorDetail(error, messages.unknownError), 'error'),
                      )
                    }
                    slotProps={{ input: { 'aria-describedby': 'staff-two-factor-help' } }}
                  />
                }
                label="Staff must use two-factor sign-in"
              />
              <Typography id="staff-two-factor-help" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                Admins, Sales and Employees then need an authenticator app or a passkey as well as their
                password. Staff without one are asked to set it up before they can do anything else.
                {settings.data.isDefault &&
                  ` Not changed here yet: the server's default (${settings.data.staffRequiredDefault ? 'on' : 'off'}) applies.`}
              </Typography>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
