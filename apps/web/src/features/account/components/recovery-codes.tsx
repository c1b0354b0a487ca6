import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useSnackbar } from '@/components/snackbar/snackbar-context';

/** The ten recovery codes, shown once: copied or downloaded, then put away. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const snackbar = useSnackbar();
  const text = `SkyPark recovery codes (each works once)\n\n${codes.join('\n')}\n`;

  const copy = () =>
    navigator.clipboard.writeText(text).then(
      () => snackbar.show('Recovery codes copied.'),
      () => snackbar.show('Could not copy: select the codes and copy them yourself.', 'error'),
    );
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'skypark-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack spacing={2} aria-label="Recovery codes" role="region">
      <Alert severity="warning">
        Save these recovery codes somewhere safe now: they are shown only this once. Each one signs you in
        once if you lose your phone.
      </Alert>
      <Box
        component="ol"
        data-testid="recovery-codes"
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          fontFamily: 'monospace',
          fontSize: '1.05rem',
          bgcolor: 'action.hover',
          borderRadius: 2,
          columns: { xs: 1, sm: 2 },
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
        <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={download}>
          Download
        </Button>
        <Button variant="contained" onClick={onDone}>
          I have saved them
        </Button>
      </Stack>
    </Stack>
  );
}
