import DialogContent from '@mui/material/DialogContent';
import { useEffect, useState } from 'react';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import type { AuthTab } from '@/lib/auth/auth-dialog';
import { AuthTabs } from './auth-tabs';

interface AuthDialogProps {
  open: boolean;
  initialTab: AuthTab;
  onClose: () => void;
}

/** The header's login and register dialog (public-site §2): max width 350, fullscreen below 960 px. */
export function AuthDialog({ open, initialTab, onClose }: AuthDialogProps) {
  const [tab, setTab] = useState<AuthTab>(initialTab);

  // Each opening starts on the tab its button asked for.
  useEffect(() => {
    if (open) setTab(initialTab);
  }, [open, initialTab]);

  return (
    <ResponsiveDialog open={open} onClose={onClose} maxWidth={350} title="Your SkyPark account">
      <DialogContent sx={{ pt: 0 }}>
        <AuthTabs tab={tab} onTabChange={setTab} onLoggedIn={onClose} onNavigate={onClose} dense />
      </DialogContent>
    </ResponsiveDialog>
  );
}
