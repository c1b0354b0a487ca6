import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { FormCheckboxGroupField } from '@/components/form/checkbox-group-field';
import { settingsExtrasQuery } from '../api/settings-lookups';

interface ExtrasChecklistProps<TValues extends FieldValues, TOutput extends FieldValues> {
  control: Control<TValues, unknown, TOutput>;
  /** A string[] field of extra ids. */
  name: Path<TValues>;
  label: string;
  helperText?: string;
}

/**
 * Extras ticked by id (an exceptional day's unavailable extras, an `extra` blockout's extras): every
 * extra, private ones marked as staff only.
 */
export function ExtrasChecklist<TValues extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  label,
  helperText,
}: ExtrasChecklistProps<TValues, TOutput>) {
  const extras = useQuery(settingsExtrasQuery);
  if (extras.isPending) return <Skeleton variant="rounded" height={72} />;
  if (extras.isError) return <FormHelperText error>The extras could not be loaded.</FormHelperText>;
  return (
    <FormCheckboxGroupField
      control={control}
      name={name}
      label={label}
      helperText={helperText}
      options={extras.data.map((extra) => ({
        value: extra.id,
        label: extra.public ? extra.name : `${extra.name} (staff only)`,
      }))}
    />
  );
}
