/**
 * "Add to Apple Wallet" and "Add to Google Wallet" (issue 41): the booking's pass, which then follows the car
 * (checked in, moved, brought up, ready, handed back). The links come from the server: the .pkpass by a signed
 * link, Google's save page with a signed JWT. Shown on the success page and in Manage my booking.
 */
import AccountBalanceWalletOutlinedIcon from '@mui/icons-material/AccountBalanceWalletOutlined';
import WalletOutlinedIcon from '@mui/icons-material/WalletOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { WalletLinksAttributes } from '@parking/domain/api-contract/wallet';
import { apiRequest } from '@/lib/api/client';
import type { SingleDocument } from '@/lib/api/jsonapi';

interface Props {
  /** `bookings/{id}/wallet-links` (success page) or `manage-bookings/{id}/wallet-links` (Manage my booking). */
  path: string;
  /** The success page's payment secret, for a guest. */
  clientSecret?: string | null;
  /** A guest's manage token. */
  headers?: Record<string, string>;
  bookingCode: string;
}

export function AddToWallet({ path, clientSecret, headers, bookingCode }: Props) {
  const query = useQuery({
    queryKey: ['wallet-links', path, clientSecret ?? null],
    queryFn: async ({ signal }) => {
      const answer = await apiRequest<SingleDocument<WalletLinksAttributes>>(path, {
        signal,
        ...(headers ? { headers } : {}),
        ...(clientSecret ? { query: { client_secret: clientSecret } } : {}),
      });
      return answer.data.attributes;
    },
    // The save link is signed when asked for: good for the visit.
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (query.isError)
    return (
      <Typography color="text.secondary" data-testid="wallet-links-error">
        Wallet passes are not available right now. Your booking code is all you need on the day.
      </Typography>
    );
  const links = query.data;
  if (links && !links.applePassUrl && !links.googleSaveUrl) return null;
  const apple = { variant: 'outlined', startIcon: <WalletOutlinedIcon /> } as const;
  const google = { variant: 'outlined', startIcon: <AccountBalanceWalletOutlinedIcon /> } as const;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      aria-label="Add your booking to a wallet"
      role="group"
      aria-busy={query.isPending}
    >
      {!links ? (
        <>
          <Button {...apple} disabled>
            Add to Apple Wallet
          </Button>
          <Button {...google} disabled>
            Add to Google Wallet
          </Button>
        </>
      ) : (
        <>
          {links.applePassUrl && (
            <Button {...apple} href={links.applePassUrl} download={`booking-${bookingCode}.pkpass`}>
              Add to Apple Wallet
            </Button>
          )}
          {links.googleSaveUrl && (
            <Button {...google} href={links.googleSaveUrl} target="_blank" rel="noopener">
              Add to Google Wallet
            </Button>
          )}
        </>
      )}
    </Stack>
  );
}
