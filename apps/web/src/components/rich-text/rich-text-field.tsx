/**
 * A rich-text field of a back-office form: its label names the editor, its error shows beneath. The
 * editor (TipTap) is loaded on first use, in its own chunk, so no other screen carries it.
 */
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useShownError } from '@/components/form/entry-errors';
import type { ImageUploader } from './rich-text-dialogs';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

interface RichTextFieldProps<TValues extends FieldValues, TOutput extends FieldValues> {
  control: Control<TValues, unknown, TOutput>;
  name: Path<TValues>;
  label: string;
  helperText?: string;
  uploadImage?: ImageUploader;
  minHeight?: number;
}

export function RichTextField<TValues extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  label,
  helperText,
  uploadImage,
  minHeight = 160,
}: RichTextFieldProps<TValues, TOutput>) {
  const { field, fieldState } = useController({ control, name });
  const error = useShownError(control, fieldState);
  const id = useId();
  const labelId = `${id}-label`;
  const helpId = `${id}-help`;
  const message = error?.message ?? helperText;
  return (
    <div>
      <Typography id={labelId} component="div" variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Suspense
        fallback={
          <Skeleton
            variant="rounded"
            height={minHeight + 44}
            role="progressbar"
            aria-label={`Loading ${label}`}
          />
        }
      >
        <RichTextEditor
          label={label}
          labelId={labelId}
          describedBy={message ? helpId : undefined}
          value={(field.value as string | null | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          invalid={Boolean(error)}
          uploadImage={uploadImage}
          minHeight={minHeight}
        />
      </Suspense>
      {message && (
        <FormHelperText id={helpId} error={Boolean(error)}>
          {message}
        </FormHelperText>
      )}
    </div>
  );
}
