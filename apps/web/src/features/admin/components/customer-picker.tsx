import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { listQuery } from '@/lib/api/resource-queries';
import type { Resource } from '@/lib/api/jsonapi';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import type { CustomerAttributes } from '@parking/domain/api-contract/accounts';

export type CustomerOption = Resource<CustomerAttributes>;

interface CustomerPickerProps {
  label?: string;
  value: CustomerOption | null;
  onChange: (customer: CustomerOption | null) => void;
  disabled?: boolean;
  helperText?: string;
  /** Only staff customers (the parked-by list, back-office §6). */
  staffOnly?: boolean;
}

/**
 * Finds a customer by name, email, phone or business as the user types (back-office §9: related-item
 * searches wait 500 ms), showing each match with their email and phone so that namesakes are told apart.
 */
export function CustomerPicker({
  label = 'Customer',
  value,
  onChange,
  disabled,
  helperText,
  staffOnly,
}: CustomerPickerProps) {
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input.trim(), 500);
  const typing = input.trim() !== search;
  const enabled = search.length >= 2 && search !== value?.attributes.fullName;
  const matches = useQuery({
    ...listQuery<CustomerAttributes>('customers', {
      page: 1,
      per: 20,
      filters: { search, ...(staffOnly ? { staff: 'true' } : {}) },
    }),
    enabled,
  });
  const options = enabled ? (matches.data?.rows ?? []) : [];

  return (
    <Autocomplete<CustomerOption>
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      // The server has filtered already.
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.attributes.fullName || option.attributes.email}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      loading={enabled && (typing || matches.isFetching)}
      disabled={disabled}
      noOptionsText={
        search.length < 2 ? 'Type two or more letters of a name, email or phone' : 'No customers found'
      }
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography component="span" sx={{ display: 'block', fontWeight: 500 }}>
              {option.attributes.fullName}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary">
              {[option.attributes.email, option.attributes.phoneNumber].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          helperText={helperText}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {enabled && (typing || matches.isFetching) ? (
                    <CircularProgress color="inherit" size={18} aria-label="Searching" />
                  ) : null}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
