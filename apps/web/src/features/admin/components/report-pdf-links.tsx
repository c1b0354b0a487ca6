import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import { apiUrl } from '@/lib/api/client';

/**
 * The printable staff reports (back-office §2 "Common form behaviour", §7 "Plain GETs opened in tabs"): the
 * cars parked now and the income owed, PDFs opened in new tabs. Offered on the Reports screens and in the
 * bookings list's Actions panel, where staff look for them.
 */
export function ReportPdfLinks() {
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfOutlinedIcon />}
        href={apiUrl('bookings/currently-parked')}
        target="_blank"
        rel="noopener"
      >
        Currently Parked Cars
      </Button>
      <Button
        variant="outlined"
        startIcon={<PictureAsPdfOutlinedIcon />}
        href={apiUrl('bookings/income-owed')}
        target="_blank"
        rel="noopener"
      >
        Income Owed
      </Button>
    </>
  );
}
