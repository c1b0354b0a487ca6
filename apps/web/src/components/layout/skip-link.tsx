import Box from '@mui/material/Box';
import type { MouseEvent } from 'react';

/** The first stop for keyboard and screen-reader users: jumps past the header to the page itself. */
export function SkipLink({ targetId }: { targetId: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(targetId);
    if (!target) return;
    // Moving focus ourselves keeps the URL free of a #fragment the router would treat as navigation.
    event.preventDefault();
    target.focus();
  };

  return (
    <Box
      component="a"
      href={`#${targetId}`}
      onClick={skip}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2.5,
        py: 1.5,
        borderRadius: 2,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontWeight: 600,
        textDecoration: 'none',
        // Off screen rather than hidden, so that it stays in the tab order and the accessibility tree.
        transform: 'translateY(calc(-100% - 16px))',
        '&:focus': { transform: 'none' },
      }}
    >
      Skip to main content
    </Box>
  );
}
