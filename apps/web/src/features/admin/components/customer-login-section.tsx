import AutorenewIcon from '@mui/icons-material/Autorenew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { ROLES } from '@parking/domain/constants';
import type { CustomerFormOutput, CustomerFormValues } from '@parking/domain/customer-form';
import { messages } from '@parking/domain/messages';
import { generatePassword } from '@parking/domain/passwords';
import { FormSection } from '@/components/admin/form-screen';
import { FormCheckboxGroupField } from '@/components/form/checkbox-group-field';
import { FormPasswordField } from '@/components/form/password-field';
import { StatusDot } from '@/components/status-dot';

/** What the signed-in staff member may do to this customer's login (back-office §6, and the server's rules). */
export interface LoginAccess {
  isNew: boolean;
  /** The customer's login exists already. */
  hadLogin: boolean;
  emailConfirmed: boolean;
  /** The login is the signed-in user's own. */
  own: boolean;
  admin: boolean;
}

function rolesHelp(access: LoginAccess): string | undefined {
  if (access.own) return messages.ownRoles;
  if (!access.admin) return 'Only Admins can change the Permission Group.';
  return undefined;
}

function passwordHelp(access: LoginAccess): string {
  if (access.own) return 'Change your own password on your profile.';
  if (access.hadLogin && !access.admin) return 'Only Admins can change a password.';
  if (access.hadLogin) return 'Leave empty to keep the current password.';
  return 'Optional. Without one, the customer is emailed a link to choose their own.';
}

function LoginStatus({ access }: { access: LoginAccess }) {
  if (!access.hadLogin) return <StatusDot colour="grey" label={access.isNew ? 'New login' : 'No login'} />;
  return access.emailConfirmed ? (
    <StatusDot colour="green" label="Email address confirmed" />
  ) : (
    <StatusDot colour="yellow" label="Email address not confirmed" />
  );
}

/**
 * The customer's login on the Customer Details tab (back-office §2, §3 User, §5, §6): Permission Group
 * (at least one role; only Admins change it, never on their own user) and an optional password with a
 * Generate button. A customer without a login says so, and gets one when saved with "Create login".
 */
export function CustomerLoginSection({
  form,
  access,
}: {
  form: UseFormReturn<CustomerFormValues, unknown, CustomerFormOutput>;
  access: LoginAccess;
}) {
  const { control, setValue } = form;
  const login = useWatch({ control, name: 'login' });
  const [passwordVisible, setPasswordVisible] = useState(false);
  const passwordLocked = access.own || (access.hadLogin && !access.admin);

  const generate = () => {
    setValue('password', generatePassword(), { shouldDirty: true, shouldValidate: true, shouldTouch: true });
    // A generated password is read out or copied to the customer: it is no secret from the one who made it.
    setPasswordVisible(true);
  };

  return (
    <FormSection id="login" title="Login" action={<LoginStatus access={access} />}>
      {!login ? (
        <Alert
          severity="info"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => setValue('login', true, { shouldDirty: true })}
            >
              Create login
            </Button>
          }
        >
          This customer has no login, so they cannot sign in or hold a subscription.
        </Alert>
      ) : (
        <Stack spacing={2.5}>
          {!access.hadLogin && !access.isNew && (
            <Alert
              severity="info"
              action={
                <Button
                  color="inherit"
                  size="small"
                  onClick={() => setValue('login', false, { shouldDirty: true })}
                >
                  Don’t create
                </Button>
              }
            >
              A login will be created with this Permission Group when you save.
            </Alert>
          )}
          <FormCheckboxGroupField
            control={control}
            name="roles"
            label="Permission Group"
            options={ROLES}
            required
            disabled={access.own || !access.admin}
            helperText={rolesHelp(access)}
          />
          <Box
            sx={{
              display: 'flex',
              gap: 1.5,
              alignItems: 'flex-start',
              flexWrap: { xs: 'wrap', sm: 'nowrap' },
              maxWidth: 640,
            }}
          >
            <FormPasswordField
              control={control}
              name="password"
              label="Password"
              autoComplete="new-password"
              disabled={passwordLocked}
              visible={passwordVisible}
              onVisibleChange={setPasswordVisible}
              helperText={passwordHelp(access)}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
            <Button
              variant="outlined"
              startIcon={<AutorenewIcon />}
              onClick={generate}
              disabled={passwordLocked}
              sx={{ mt: 1, flexShrink: 0 }}
            >
              Generate
            </Button>
          </Box>
        </Stack>
      )}
    </FormSection>
  );
}
