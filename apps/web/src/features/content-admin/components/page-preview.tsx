import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { pageSchema, type PageInput } from '@parking/domain/content-admin';
import { messages } from '@parking/domain/messages';
import { ContentPageView } from '@/components/content/content-page-view';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { firstErrorDetail } from '@/lib/api/client';
import { previewPage } from '../api/content-admin';

/**
 * Preview (issue 25): the unsaved page, sanitised by the server exactly as it would be published, in
 * the public site's own page components.
 */
export function PagePreviewButton({
  values,
  pageId,
  onInvalid,
}: {
  values: () => PageInput;
  /** The saved page being edited, whose featured image the preview keeps. */
  pageId?: string;
  onInvalid: () => void;
}) {
  const [open, setOpen] = useState(false);
  const preview = useMutation({ mutationFn: previewPage });
  const show = () => {
    const parsed = pageSchema.safeParse(values());
    if (!parsed.success) {
      onInvalid();
      return;
    }
    setOpen(true);
    preview.mutate({ attributes: parsed.data, pageId });
  };
  return (
    <>
      <Button variant="outlined" onClick={show}>
        Preview
      </Button>
      {open && (
        <ResponsiveDialog open title="Preview" maxWidth={1200} onClose={() => setOpen(false)}>
          <Alert severity="info" sx={{ mb: 2 }}>
            This is how the page will look once published. It is not saved yet.
          </Alert>
          {preview.isPending && (
            <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }}>
              <CircularProgress aria-label="Loading the preview" />
            </Box>
          )}
          {preview.isError && (
            <Alert severity="error" role="alert">
              {firstErrorDetail(preview.error, messages.unknownError)}
            </Alert>
          )}
          {preview.data && (
            <Box
              sx={{
                border: 1,
                borderColor: 'divider',
                borderRadius: 2,
                overflow: 'hidden',
                bgcolor: 'background.default',
              }}
            >
              <ContentPageView
                page={preview.data}
                contactForm={
                  <Typography color="text.secondary">
                    The contact form shows here on the public site.
                  </Typography>
                }
              />
            </Box>
          )}
        </ResponsiveDialog>
      )}
    </>
  );
}
