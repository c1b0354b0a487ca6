import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { formatDate } from '@/lib/format';
import type { BookingSearchResult } from '../api/booking-search';
import { SEARCH_PLACEHOLDER, searchInputSx, type BookingSearch } from './use-booking-search';

const describe = ({ attributes: row }: BookingSearchResult) =>
  [
    `${row.firstName} ${row.lastName}`.trim(),
    row.rego,
    `${formatDate(row.startDatetime)}${row.endDatetime ? ` – ${formatDate(row.endDatetime)}` : ''}`,
    row.lot,
  ]
    .filter(Boolean)
    .join(' · ');

/**
 * The header's search box once it is used: results as you type (arrow keys and Enter choose one), and
 * Enter on an exact booking code opens that booking at once. `autoFocus` when it takes the place of the
 * light box that had the focus: the caret stays after what was typed, and the results open on it.
 */
export function BookingSearchAutocomplete({
  search,
  autoFocus,
}: {
  search: BookingSearch;
  autoFocus: boolean;
}) {
  const { text, options } = search;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(autoFocus && text.trim() !== '');
  const [focusOnMount] = useState(autoFocus);
  useEffect(() => {
    const input = inputRef.current;
    if (!focusOnMount || !input) return;
    input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [focusOnMount]);

  return (
    <Autocomplete<BookingSearchResult, false, false, true>
      freeSolo
      size="small"
      options={options}
      filterOptions={(all) => all}
      getOptionLabel={(option) => (typeof option === 'string' ? option : option.attributes.bookingCode)}
      getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
      inputValue={text}
      onInputChange={(_event, value, reason) => {
        if (reason === 'input' || reason === 'clear') search.type(value);
      }}
      value={null}
      onChange={(_event, chosen) => {
        if (chosen === null) return;
        if (typeof chosen === 'string') void search.openCode(chosen);
        else search.open(chosen);
      }}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={search.loading}
      loadingText="Searching…"
      noOptionsText={text.trim().length < 2 ? 'Type a code, rego, name or phone' : 'No bookings found'}
      openOnFocus={false}
      // On a phone the box is narrow: its results take the screen's width.
      slotProps={{
        popper: { placement: 'bottom-start', sx: { minWidth: 'min(440px, calc(100vw - 16px))' } },
      }}
      renderOption={({ key, ...props }, option) => (
        <Box component="li" key={key} {...props} sx={{ display: 'block !important' }}>
          <Typography component="span" sx={{ fontWeight: 700, mr: 1, fontFamily: 'monospace' }}>
            {option.attributes.bookingCode}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {describe(option)}
          </Typography>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder={SEARCH_PLACEHOLDER}
          inputRef={inputRef}
          slotProps={{
            ...params.slotProps,
            htmlInput: {
              ...params.slotProps.htmlInput,
              'aria-label': 'Find a booking',
              enterKeyHint: 'search',
            },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ '& .MuiInputBase-root': searchInputSx }}
        />
      )}
    />
  );
}
