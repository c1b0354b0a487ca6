import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import { StatusPage } from '@/components/status-page';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';

/**
 * A staff member refused a back-office screen (an Admins-only setting opened by Sales): the spec's
 * permission-denied words, inside the back office's frame, with its navigation and a way back.
 */
export function AdminPermissionDenied() {
  usePageTitle(paths.permissionDenied.title);
  const navigate = useNavigate();
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <StatusPage
      icon={<LockOutlinedIcon />}
      title="You do not have permissions."
      message="Your account cannot open this back-office page. Ask an Admin if you need it."
      actions={
        <>
          <Button href={paths.adminDiary.path} variant="contained" size="large">
            Back to the diary
          </Button>
          {canGoBack && (
            <Button
              variant="outlined"
              size="large"
              startIcon={<ArrowBackIcon />}
              onClick={() => void navigate(-1)}
            >
              Go back
            </Button>
          )}
        </>
      }
    />
  );
}
