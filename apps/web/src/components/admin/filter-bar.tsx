import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { toOption, type SelectOption } from '@/components/form/select-field';
import { DateInput } from './date-input';

/** One filter of a list (back-office §7 "Booking list filters", "Customer list filters", "Vehicle list filter"). */
export interface ListFilter {
  /** Its key in the address and in the bar's values. */
  name: string;
  label: string;
  kind: 'text' | 'search' | 'select' | 'date';
  options?: readonly (SelectOption | string)[];
  /** The API filters a value sets: `{'rego__icontains': value}`. */
  api: (value: string) => Record<string, string>;
}

interface FilterBarProps {
  filters: readonly ListFilter[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  onClear: () => void;
}

/** The filter bar above a list: every filter at once, a Clear button once any is set. */
export function FilterBar({ filters, values, onChange, onClear }: FilterBarProps) {
  const anySet = filters.some((filter) => values[filter.name]);
  return (
    <Card component="section" aria-label="Filters" variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box
        sx={{
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: {
            xs: '1fr',
            sm: 'repeat(2, minmax(0, 1fr))',
            lg: 'repeat(4, minmax(0, 1fr))',
          },
          alignItems: 'start',
        }}
      >
        {filters.map((filter) => {
          const value = values[filter.name] ?? '';
          const change = (next: string) => onChange(filter.name, next);
          if (filter.kind === 'date') {
            return (
              <DateInput
                key={filter.name}
                label={filter.label}
                value={value}
                onChange={change}
                name={filter.name}
                size="small"
              />
            );
          }
          if (filter.kind === 'select') {
            return (
              <TextField
                key={filter.name}
                select
                size="small"
                label={filter.label}
                name={filter.name}
                value={value}
                onChange={(event) => change(event.target.value)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">Any</option>
                {(filter.options ?? []).map(toOption).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </TextField>
            );
          }
          return (
            <TextField
              key={filter.name}
              size="small"
              type={filter.kind === 'search' ? 'search' : 'text'}
              label={filter.label}
              name={filter.name}
              value={value}
              onChange={(event) => change(event.target.value)}
              autoComplete="off"
              slotProps={
                filter.kind === 'search'
                  ? {
                      input: {
                        startAdornment: (
                          <InputAdornment position="start">
                            <SearchIcon fontSize="small" aria-hidden />
                          </InputAdornment>
                        ),
                      },
                    }
                  : undefined
              }
            />
          );
        })}
      </Box>
      {anySet && (
        <Box sx={{ mt: 1.5, display: 'flex', justifyContent: 'flex-end' }}>
          <Button size="small" onClick={onClear}>
            Clear filters
          </Button>
        </Box>
      )}
    </Card>
  );
}
