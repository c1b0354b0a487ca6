import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { TITLES } from '@parking/domain/constants';
import { FormSelectField } from '@/components/form/select-field';
import { FormTextField } from '@/components/form/text-field';

type PersonField = 'title' | 'firstName' | 'lastName' | 'phoneNumber' | 'business';

/** The person's title, chosen from the list (required): before PersonFields, where each form places it. */
export function TitleField<
  TValues extends FieldValues & Partial<Record<PersonField, unknown>>,
  TOutput extends FieldValues,
>({ control }: { control: Control<TValues, unknown, TOutput> }) {
  return (
    <FormSelectField
      control={control}
      name={'title' as Path<TValues>}
      label="Title"
      options={TITLES}
      placeholder="Select a title"
      autoComplete="honorific-prefix"
      required
    />
  );
}

/**
 * A person's details as registration and the profile ask for them, in pairs: first and last name, then the
 * phone number and the business (optional). The title before them (TitleField) stands where each form puts it.
 */
export function PersonFields<
  TValues extends FieldValues & Partial<Record<PersonField, unknown>>,
  TOutput extends FieldValues,
>({ control, pairSx }: { control: Control<TValues, unknown, TOutput>; pairSx: SxProps<Theme> }) {
  // Every form that uses these has these fields (TValues says so); TypeScript cannot spell a generic's paths.
  const name = (field: PersonField) => field as Path<TValues>;
  return (
    <>
      <Box sx={pairSx}>
        <FormTextField
          control={control}
          name={name('firstName')}
          label="First name"
          autoComplete="given-name"
          required
        />
        <FormTextField
          control={control}
          name={name('lastName')}
          label="Last name"
          autoComplete="family-name"
          required
        />
      </Box>
      <Box sx={pairSx}>
        <FormTextField
          control={control}
          name={name('phoneNumber')}
          label="Phone number"
          type="tel"
          autoComplete="tel"
          required
        />
        <FormTextField
          control={control}
          name={name('business')}
          label="Business (optional)"
          autoComplete="organization"
        />
      </Box>
    </>
  );
}
