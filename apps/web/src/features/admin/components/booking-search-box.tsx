import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { bookingCodeOf } from '@parking/domain/booking-search';
import { adminHref, paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { bookingSearchQuery, bookingWithCode, type BookingSearchResult } from '../api/booking-search';

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
 * The header's search box: a booking code, a rego, a name, an email or a phone number; results as you
 * type (arrow keys and Enter choose one), and Enter on an exact booking code opens that booking at once.
 */
export function BookingSearchBox() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [notice, setNotice] = useState('');
  const settled = useDebouncedValue(text.trim(), 250);
  const results = useQuery({
    ...bookingSearchQuery(settled),
    enabled: settled.length >= 2,
    placeholderData: keepPreviousData,
  });
  const options = settled.length >= 2 ? (results.data ?? []) : [];

  const open = (booking: BookingSearchResult) => {
    setText('');
    setNotice('');
    void navigate(adminHref(paths.adminBookingsEdit, { bookingId: booking.id }));
  };
  const openCode = async (typed: string) => {
    const code = bookingCodeOf(typed);
    if (!code) return;
    const known = options.find((row) => row.attributes.bookingCode === code);
    const booking = known ?? (await bookingWithCode(code).catch(() => null));
    if (booking) open(booking);
    else setNotice(`No booking has the code ${code}.`);
  };

  const waiting = settled !== text.trim() || results.isFetching;
  return (
    <Box sx={{ position: 'relative', width: '100%' }}>
      <Autocomplete<BookingSearchResult, false, false, true>
        freeSolo
        size="small"
        options={options}
        filterOptions={(all) => all}
        getOptionLabel={(option) => (typeof option === 'string' ? option : option.attributes.bookingCode)}
        getOptionKey={(option) => (typeof option === 'string' ? option : option.id)}
        inputValue={text}
        onInputChange={(_event, value, reason) => {
          if (reason === 'input' || reason === 'clear') {
            setText(value);
            setNotice('');
          }
        }}
        value={null}
        onChange={(_event, chosen) => {
          if (chosen === null) return;
          if (typeof chosen === 'string') void openCode(chosen);
          else open(chosen);
        }}
        loading={waiting && text.trim().length >= 2}
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
            placeholder="Find a booking: code, rego, name, phone"
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
            sx={{
              '& .MuiInputBase-root': { bgcolor: 'background.paper', borderRadius: 2 },
            }}
          />
        )}
      />
      {notice && (
        <Typography
          role="status"
          variant="body2"
          sx={{
            position: 'absolute',
            top: '100%',
            left: 0,
            mt: 0.5,
            px: 1,
            py: 0.5,
            borderRadius: 1,
            bgcolor: 'background.paper',
            color: 'error.main',
            boxShadow: 2,
            zIndex: 1,
          }}
        >
          {notice}
        </Typography>
      )}
    </Box>
  );
}
