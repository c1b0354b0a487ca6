import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_PLACEHOLDER, searchInputSx, useBookingSearch } from './use-booking-search';
import type * as AutocompleteModule from './booking-search-autocomplete';
import { loadOnce } from '@/lib/load-once';

type Module = typeof AutocompleteModule;
/** The Autocomplete's code (~25 kB gzip with its popper, issue 26), fetched once; a failure is forgotten. */
const autocompleteChunk = loadOnce<Module>(() => import('./booking-search-autocomplete'));

/**
 * The header's search box: a booking code, a rego, a name, an email or a phone number; results as you
 * type (arrow keys and Enter choose one), and Enter on an exact booking code opens that booking at once.
 * The back office opens on a light box of the same look; pointing at it, touching it or focusing it fetches
 * the Autocomplete, which takes its place with what was typed. Enter works in the light box too.
 */
export function BookingSearchBox() {
  const search = useBookingSearch();
  const [box, setBox] = useState<{ module: Module; focused: boolean } | undefined>(() => {
    const module = autocompleteChunk.loaded();
    return module ? { module, focused: false } : undefined;
  });
  const [wanted, setWanted] = useState(false);
  const lightInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (box || !wanted) return;
    let current = true;
    autocompleteChunk.load().then(
      (module) => {
        if (current) setBox({ module, focused: document.activeElement === lightInput.current });
      },
      // The light box stays; the next interaction tries again.
      () => current && setWanted(false),
    );
    return () => {
      current = false;
    };
  }, [box, wanted]);

  const want = () => setWanted(true);
  return (
    <Box sx={{ position: 'relative', width: '100%' }}>
      {box ? (
        <box.module.BookingSearchAutocomplete search={search} autoFocus={box.focused} />
      ) : (
        <OutlinedInput
          size="small"
          fullWidth
          placeholder={SEARCH_PLACEHOLDER}
          value={search.text}
          onChange={(event) => search.type(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void search.openCode(search.text);
          }}
          onFocus={want}
          onPointerEnter={want}
          onTouchStart={want}
          inputRef={lightInput}
          inputProps={{
            'aria-label': 'Find a booking',
            // What it becomes: a combobox whose results are closed for now.
            role: 'combobox',
            'aria-expanded': false,
            'aria-autocomplete': 'list',
            autoComplete: 'off',
            autoCapitalize: 'none',
            spellCheck: false,
            enterKeyHint: 'search',
          }}
          startAdornment={
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          }
          // The Autocomplete's paddings around the same input, so that nothing moves when it takes over.
          sx={{
            ...searchInputSx,
            p: '6px 9px 6px 6px',
            '& .MuiInputBase-input': { p: '2.5px 4px 2.5px 8px', textOverflow: 'ellipsis' },
          }}
        />
      )}
      {search.notice && (
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
          {search.notice}
        </Typography>
      )}
    </Box>
  );
}
