import ImageOutlinedIcon from '@mui/icons-material/ImageOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { CONTENT_IMAGE_SIZES, type PageAttributes, type PageInput } from '@parking/domain/content-admin';
import { messages } from '@parking/domain/messages';
import { FormSection } from '@/components/admin/form-screen';
import { FormTextField } from '@/components/form/text-field';
import { firstErrorDetail } from '@/lib/api/client';
import { contentImageQuery, uploadContentImage, type ContentImage } from '../api/content-admin';

const SIZES_TEXT = Object.entries(CONTENT_IMAGE_SIZES)
  .map(([name, edge]) => `${name} ${edge} px`)
  .join(', ');

/**
 * The page's featured image (the feature-image layout's picture): uploaded once, made by the server
 * in every size the public site uses, described by its alternative text.
 */
export function FeaturedImageField({
  form,
  savedSizes,
  onRemoved,
}: {
  form: UseFormReturn<PageInput, unknown, PageAttributes>;
  /** The saved page's image sizes: a seeded image has them but no upload record. */
  savedSizes: ContentImage['sizes'] | null;
  /** The user took the image away (a seeded one leaves the field's value as it was: null). */
  onRemoved: () => void;
}) {
  const imageId = useWatch({ control: form.control, name: 'featuredImage' });
  const id = imageId === null || imageId === undefined ? '' : String(imageId);
  const image = useQuery({ ...contentImageQuery(id), enabled: id !== '' });
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState('');
  const changed = form.getFieldState('featuredImage', form.formState).isDirty;
  const sizes = image.data?.attributes.sizes ?? (changed ? null : savedSizes);
  const thumbnail = sizes?.thumbnail ?? sizes?.medium ?? sizes?.large ?? null;
  const hasImage = id !== '' || thumbnail !== null;

  const upload = async (file: File) => {
    setUploading(true);
    setError('');
    try {
      const alt = form.getValues('featuredImageAlt') ?? '';
      const saved = await uploadContentImage(file, alt);
      form.setValue('featuredImage', saved.id, { shouldDirty: true });
    } catch (caught) {
      setError(firstErrorDetail(caught, messages.unknownError));
    } finally {
      setUploading(false);
    }
  };

  return (
    <FormSection id="image" title="Featured Image">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box
          sx={{
            width: { xs: 160, sm: 200 },
            aspectRatio: '4 / 3',
            flexShrink: 0,
            borderRadius: 2,
            border: 1,
            borderColor: 'divider',
            bgcolor: 'grey.50',
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
          }}
        >
          {thumbnail ? (
            <Box
              component="img"
              src={thumbnail.url}
              alt={`Preview: ${form.getValues('featuredImageAlt') || 'featured image'}`}
              sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
            />
          ) : id && image.isPending ? (
            <CircularProgress size={24} aria-label="Loading the image" />
          ) : (
            <Stack sx={{ alignItems: 'center', color: 'text.secondary' }}>
              <ImageOutlinedIcon aria-hidden />
              <Typography variant="body2">No image</Typography>
            </Stack>
          )}
        </Box>
        <Stack spacing={1.5} sx={{ flex: 1, minWidth: 0 }}>
          <FormTextField
            control={form.control}
            name="featuredImageAlt"
            label="Alternative text"
            helperText="What the image shows, for people who cannot see it."
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              component="label"
              disabled={uploading}
              startIcon={uploading ? <CircularProgress size={16} aria-hidden /> : undefined}
            >
              {hasImage ? 'Replace Image' : 'Upload Image'}
              <input
                hidden
                type="file"
                accept="image/jpeg,image/png,image/webp"
                aria-label="Featured image file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) void upload(file);
                }}
              />
            </Button>
            {id && (
              <Button
                color="error"
                onClick={() => {
                  form.setValue('featuredImage', null, { shouldDirty: true });
                  onRemoved();
                }}
              >
                Remove Image
              </Button>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            JPEG, PNG or WebP. Saved in the sizes the site uses ({SIZES_TEXT}). The feature-image layout shows
            it beside the title.
          </Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
        </Stack>
      </Stack>
    </FormSection>
  );
}
