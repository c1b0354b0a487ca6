/**
 * The privacy centre (issue 38): GET personal-data/ answers the signed-in user's data as a zip (at most five an
 * hour); POST account-closures/ with the password closes the account (refused in words while a booking is still
 * going ahead, a subscription is active, or for staff).
 */
import { useMutation } from '@tanstack/react-query';
import { apiFile, apiRequest } from '@/lib/api/client';
import { writeDocument } from '@/lib/api/jsonapi';

const FALLBACK_NAME = 'my-skypark-data.zip';

/** Downloads the zip through the browser (a link to the file's bytes, clicked, then let go). */
export async function downloadMyData(): Promise<void> {
  const response = await apiFile('personal-data', { headers: { Accept: 'application/zip' } });
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? FALLBACK_NAME;
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The download has its own copy once clicked; the page's can go a moment later.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

export function useCloseAccount() {
  return useMutation({
    mutationFn: (input: { password: string }) =>
      apiRequest<unknown>('account-closures', {
        method: 'POST',
        body: writeDocument('account-closures', { password: input.password }),
        // A wrong password is a 400; the session ends only when the closing succeeds.
        handleUnauthorized: false,
      }),
  });
}
