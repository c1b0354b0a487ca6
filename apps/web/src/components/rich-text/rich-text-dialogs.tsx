/** The editor's two dialogs: a link's address, and an image to upload with its alternative text. */
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { ResponsiveDialog } from '@/components/responsive-dialog';
import { isAllowedContentLink, LINK_MESSAGE } from './rich-text-links';

interface LinkDialogProps {
  open: boolean;
  initial: string;
  onSave: (href: string) => void;
  onRemove: () => void;
  onClose: () => void;
}

export function LinkDialog({ open, initial, onSave, onRemove, onClose }: LinkDialogProps) {
  const [href, setHref] = useState(initial);
  const [error, setError] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    if (!isAllowedContentLink(href)) {
      setError(LINK_MESSAGE);
      return;
    }
    onSave(href.trim());
  };
  return (
    <ResponsiveDialog open={open} title="Link" maxWidth={480} onClose={onClose}>
      <form noValidate onSubmit={submit}>
        <TextField
          label="Address"
          value={href}
          autoFocus
          fullWidth
          required
          placeholder="https://example.com or /about-us"
          onChange={(event) => {
            setHref(event.target.value);
            setError('');
          }}
          error={Boolean(error)}
          helperText={error || 'https://, mailto:, tel: or a path of this site such as /faq'}
          sx={{ mt: 1 }}
        />
        <DialogActions sx={{ px: 0, pt: 2 }}>
          {initial && (
            <Button color="error" onClick={onRemove} sx={{ mr: 'auto' }}>
              Remove Link
            </Button>
          )}
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained">
            Save
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}

/** Uploads an image and answers the address the content should show it from. */
export type ImageUploader = (file: File, alt: string) => Promise<{ src: string }>;

interface ImageDialogProps {
  open: boolean;
  upload: ImageUploader;
  onInsert: (image: { src: string; alt: string }) => void;
  onClose: () => void;
}

export function ImageDialog({ open, upload, onInsert, onClose }: ImageDialogProps) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [errors, setErrors] = useState<{ file?: string; alt?: string; upload?: string }>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    const found = {
      file: file ? undefined : 'Choose an image (JPEG, PNG or WebP).',
      alt: alt.trim() ? undefined : 'Describe the image for people who cannot see it.',
    };
    setErrors(found);
    if (!file || found.alt) return;
    setBusy(true);
    try {
      const { src } = await upload(file, alt.trim());
      onInsert({ src, alt: alt.trim() });
    } catch (error) {
      setErrors({ upload: error instanceof Error && error.message ? error.message : 'The upload failed.' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ResponsiveDialog open={open} title="Image" maxWidth={480} onClose={onClose}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <div>
            <Button variant="outlined" component="label">
              Choose Image
              <input
                hidden
                type="file"
                accept="image/jpeg,image/png,image/webp"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography
              variant="body2"
              color={errors.file ? 'error' : 'text.secondary'}
              sx={{ mt: 0.5 }}
              role={errors.file ? 'alert' : undefined}
            >
              {errors.file ?? file?.name ?? 'No image chosen'}
            </Typography>
          </div>
          <TextField
            label="Alternative text"
            value={alt}
            required
            fullWidth
            onChange={(event) => setAlt(event.target.value)}
            error={Boolean(errors.alt)}
            helperText={errors.alt ?? 'What the image shows, read out by screen readers.'}
          />
          {errors.upload && (
            <Typography color="error" role="alert">
              {errors.upload}
            </Typography>
          )}
        </Stack>
        <DialogActions sx={{ px: 0, pt: 2 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Insert Image
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}
