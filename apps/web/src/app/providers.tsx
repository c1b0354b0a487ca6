import CssBaseline from '@mui/material/CssBaseline';
// @mui/material's ThemeProvider also carries the CSS-variables provider (colour-scheme storage, its
// init script), which this theme does not use; for a theme without CSS variables it hands over to
// this one from @mui/system, which is all the home page then downloads.
import ThemeProvider from '@mui/system/ThemeProvider';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { ApiError } from '@/lib/api/client';
import { SnackbarProvider } from '@/components/snackbar/snackbar-provider';
import { theme } from '@/theme';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Prices, availability and fill rates change while a customer is booking; half a minute keeps
        // the wizard snappy without quoting stale numbers for long.
        staleTime: 30_000,
        // One more try for a dropped connection or a server hiccup; a 4xx answer will not change.
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  // Created once per mount, not at module level, so that tests never share a cache (the browser's entry
  // passes its own, with the first requests already on their way).
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider>{children}</SnackbarProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
