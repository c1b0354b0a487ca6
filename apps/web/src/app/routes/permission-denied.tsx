import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import Button from '@mui/material/Button';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { usePageTitle } from '@/lib/page-title';

export function PermissionDeniedPage() {
  usePageTitle(paths.permissionDenied.title);
  return (
    <StatusPage
      icon={<LockOutlinedIcon />}
      title="You do not have permissions."
      message="Your account cannot open this page. If you think it should, please give us a call."
      actions={
        <>
          <Button href={paths.home.path} variant="contained" size="large">
            Back to home
          </Button>
          <Button href={site.phone.href} variant="outlined" size="large" startIcon={<PhoneOutlinedIcon />}>
            {site.phone.display}
          </Button>
        </>
      }
    />
  );
}
