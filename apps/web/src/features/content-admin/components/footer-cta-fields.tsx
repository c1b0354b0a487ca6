import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useWatch, type Control, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { FieldGrid, FormSection } from '@/components/admin/form-screen';
import { FormTextField } from '@/components/form/text-field';

const EMPTY_CTA = { title: '', text: '', buttonLabel: '', buttonUrl: '' };

interface FooterCtaFieldsProps<TValues extends FieldValues, TOutput extends FieldValues> {
  control: Control<TValues, unknown, TOutput>;
  /** The form field holding the call to action (null: none). */
  name: Path<TValues>;
  setValue: (name: Path<TValues>, value: PathValue<TValues, Path<TValues>>) => void;
  id?: string;
}

/** Public-site §1: the band at the foot of a page with a title, a line and one button; optional. */
export function FooterCtaFields<TValues extends FieldValues, TOutput extends FieldValues>({
  control,
  name,
  setValue,
  id,
}: FooterCtaFieldsProps<TValues, TOutput>) {
  const cta: unknown = useWatch({ control, name });
  const on = cta !== null && cta !== undefined;
  const field = (part: keyof typeof EMPTY_CTA) => `${name}.${part}` as Path<TValues>;
  return (
    <FormSection id={id} title="Footer Call to Action">
      <FormControlLabel
        control={
          <Switch
            checked={on}
            onChange={(event) =>
              setValue(
                name,
                (event.target.checked ? { ...EMPTY_CTA } : null) as PathValue<TValues, Path<TValues>>,
              )
            }
          />
        }
        label="Show a call to action at the foot of the page"
      />
      {on && (
        <Box sx={{ mt: 2 }}>
          <FieldGrid>
            <FormTextField control={control} name={field('title')} label="Title" required />
            <FormTextField control={control} name={field('buttonLabel')} label="Button Label" required />
            <FormTextField control={control} name={field('text')} label="Text" multiline minRows={2} />
            <FormTextField
              control={control}
              name={field('buttonUrl')}
              label="Button Link"
              required
              helperText="A path of this site such as /booking/step-1, or https://..."
            />
          </FieldGrid>
        </Box>
      )}
    </FormSection>
  );
}
