/** The home page's optional blocks (public-site §1 home): the location block and the quote carousel. */
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { HomePageAttributes, homePageSchema } from '@parking/domain/content-admin';
import { FieldGrid, FormSection } from '@/components/admin/form-screen';
import { FormTextField } from '@/components/form/text-field';
import { RichTextField } from '@/components/rich-text/rich-text-field';
import { RepeatableSection } from './repeatable-section';

export type HomePageInput = z.input<typeof homePageSchema>;
type HomeForm = UseFormReturn<HomePageInput, unknown, HomePageAttributes>;

function BlockSwitch({
  form,
  name,
  label,
  empty,
}: {
  form: HomeForm;
  name: 'location' | 'quotes';
  label: string;
  empty: NonNullable<HomePageInput['location']> | NonNullable<HomePageInput['quotes']>;
}) {
  const value: unknown = useWatch({ control: form.control, name });
  return (
    <FormControlLabel
      control={
        <Switch
          checked={value !== null && value !== undefined}
          onChange={(event) =>
            form.setValue(name, event.target.checked ? (empty as never) : null, {
              shouldDirty: true,
              shouldValidate: true,
            })
          }
        />
      }
      label={label}
    />
  );
}

export function LocationBlock({ form }: { form: HomeForm }) {
  const location = useWatch({ control: form.control, name: 'location' });
  const { control } = form;
  return (
    <FormSection id="location" title="Location">
      <BlockSwitch
        form={form}
        name="location"
        label="Show the location block with its map and Get Directions link"
        empty={{ title: '', content: '', address: '', directionsUrl: '' }}
      />
      {location && (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <FieldGrid>
            <FormTextField control={control} name="location.title" label="Title" required />
            <FormTextField control={control} name="location.address" label="Address" />
          </FieldGrid>
          <FormTextField
            control={control}
            name="location.directionsUrl"
            label="Get Directions Link"
            helperText="The map service's directions address, https://..."
          />
          <RichTextField control={control} name="location.content" label="Location text" minHeight={100} />
        </Stack>
      )}
    </FormSection>
  );
}

export function QuotesBlock({ form }: { form: HomeForm }) {
  const quotes = useWatch({ control: form.control, name: 'quotes' });
  const { control } = form;
  return (
    <>
      <FormSection id="quotes" title="Quote Carousel">
        <BlockSwitch
          form={form}
          name="quotes"
          label="Show the carousel of customers' quotes"
          empty={{ title: '', slidesToShow: 3, items: [] }}
        />
        {quotes && (
          <FieldGrid>
            <FormTextField control={control} name="quotes.title" label="Title" sx={{ mt: 1 }} />
            <FormTextField
              control={control}
              name="quotes.slidesToShow"
              label="Slides to Show"
              type="number"
              required
              helperText="Quotes side by side on a wide screen: 1 to 4."
              slotProps={{ htmlInput: { min: 1, max: 4 } }}
              sx={{ mt: 1 }}
            />
          </FieldGrid>
        )}
      </FormSection>
      {quotes && (
        <RepeatableSection
          control={control}
          name="quotes.items"
          title="Quotes"
          itemLabel="Quote"
          emptyText="No quotes yet. Add Quote for each customer's words."
          max={30}
          newItem={() => ({ quote: '', name: '', detail: '' })}
          renderItem={(index) => (
            <Stack spacing={2}>
              <FormTextField
                control={control}
                name={`quotes.items.${index}.quote`}
                label="Quote"
                required
                multiline
                minRows={2}
              />
              <FieldGrid>
                <FormTextField control={control} name={`quotes.items.${index}.name`} label="Name" required />
                <FormTextField
                  control={control}
                  name={`quotes.items.${index}.detail`}
                  label="Detail"
                  helperText="Such as Frequent flyer, Melbourne"
                />
              </FieldGrid>
            </Stack>
          )}
        />
      )}
    </>
  );
}
