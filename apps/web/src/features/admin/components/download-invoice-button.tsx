import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Button from '@mui/material/Button';
import { apiUrl } from '@/lib/api/client';

/** The booking's tax invoice as a PDF (GET bookings/{id}/invoice/), opened in a new tab. */
export function DownloadInvoiceButton({ bookingId }: { bookingId: string }) {
  return (
    <Button
      variant="outlined"
      startIcon={<PictureAsPdfOutlinedIcon />}
      href={apiUrl(`bookings/${bookingId}/invoice`)}
      target="_blank"
      rel="noopener"
    >
      Download Invoice
    </Button>
  );
}
