import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useController, useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { lotRegionsQuery } from '../api/booking-lookups';

interface Values {
  lot?: string;
  lotRegion?: string;
  lotRegionRow?: string;
}

/**
 * Parking Region and Row (back-office §2, §5): the regions of the chosen lot, and rows 1 to the
 * region's count. A region of another lot, or a row past the region's end, is cleared.
 */
export function RegionRowFields<TValues extends Values & FieldValues, TOutput extends FieldValues>({
  control,
}: {
  control: Control<TValues, unknown, TOutput>;
}) {
  // These three fields by name, in whichever form holds them (the booking form, the check-in form).
  const field = (name: keyof Values) => name as Path<TValues>;
  const lot = String(useWatch({ control, name: field('lot') }) ?? '');
  const region = useController({ control, name: field('lotRegion') });
  const row = useController({ control, name: field('lotRegionRow') });
  const regions = useQuery(lotRegionsQuery(lot));
  const chosen = regions.data?.find((item) => item.id === region.field.value);
  const rows = chosen ? Array.from({ length: chosen.rows }, (_, index) => String(index + 1)) : [];

  const { onChange: setRegion } = region.field;
  const { onChange: setRow } = row.field;
  useEffect(() => {
    if (!regions.data) return;
    if (region.field.value && !chosen) setRegion('');
    if (row.field.value && (!chosen || Number(row.field.value) > chosen.rows)) setRow('');
  }, [regions.data, chosen, region.field.value, row.field.value, setRegion, setRow]);

  return (
    <>
      <TextField
        select
        label="Parking Region"
        name={region.field.name}
        value={region.field.value ?? ''}
        onChange={(event) => {
          region.field.onChange(event.target.value);
          row.field.onChange('');
        }}
        onBlur={region.field.onBlur}
        inputRef={region.field.ref}
        disabled={!lot || regions.isPending}
        error={Boolean(region.fieldState.error)}
        helperText={
          region.fieldState.error?.message ??
          (regions.data && regions.data.length === 0 ? 'This lot has no regions yet' : undefined)
        }
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        fullWidth
      >
        <option value="">None</option>
        {regions.data?.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label="Row"
        name={row.field.name}
        value={row.field.value ?? ''}
        onChange={row.field.onChange}
        onBlur={row.field.onBlur}
        inputRef={row.field.ref}
        disabled={!chosen}
        error={Boolean(row.fieldState.error)}
        helperText={
          row.fieldState.error?.message ?? (chosen ? `Rows 1 to ${chosen.rows}` : 'Choose a region first')
        }
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        fullWidth
      >
        <option value="">None</option>
        {rows.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </TextField>
    </>
  );
}
