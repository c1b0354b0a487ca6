import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useId, useState } from 'react';
import { messages } from '@parking/domain/messages';
import type { AuthTab } from '@/lib/auth/auth-dialog';
import type { Session } from '@/lib/auth/session';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';

interface AuthTabsProps {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onLoggedIn?: (session: Session) => void;
  onNavigate?: () => void;
  dense?: boolean;
}

/**
 * Login and Register side by side (the /login page and the header dialog). A registration hides its
 * form, switches to Login and says that a confirmation email is on its way (public-site §4).
 */
export function AuthTabs({ tab, onTabChange, onLoggedIn, onNavigate, dense = false }: AuthTabsProps) {
  const id = useId();
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);
  const tabId = (name: AuthTab) => `${id}-${name}-tab`;
  const panelId = (name: AuthTab) => `${id}-${name}-panel`;

  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, value: AuthTab) => onTabChange(value)}
        variant="fullWidth"
        aria-label="Login or register"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        <Tab value="login" label="Login" id={tabId('login')} aria-controls={panelId('login')} />
        <Tab value="register" label="Register" id={tabId('register')} aria-controls={panelId('register')} />
      </Tabs>
      <Box role="tabpanel" id={panelId('login')} aria-labelledby={tabId('login')} hidden={tab !== 'login'}>
        {tab === 'login' && (
          <>
            {registeredEmail && (
              <Alert severity="success" sx={{ mb: 2.5 }}>
                {messages.registrationSuccessEmail}
              </Alert>
            )}
            <LoginForm defaultEmail={registeredEmail ?? ''} onSuccess={onLoggedIn} onNavigate={onNavigate} />
          </>
        )}
      </Box>
      <Box
        role="tabpanel"
        id={panelId('register')}
        aria-labelledby={tabId('register')}
        hidden={tab !== 'register'}
      >
        {tab === 'register' && (
          <RegisterForm
            dense={dense}
            onRegistered={(email) => {
              setRegisteredEmail(email);
              onTabChange('login');
            }}
          />
        )}
      </Box>
    </>
  );
}
