import Box, { type BoxProps } from '@mui/material/Box';
import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router';

interface HtmlContentProps extends Omit<BoxProps, 'children' | 'dangerouslySetInnerHTML'> {
  /** HTML from the content backend, already sanitised by the server (content/sanitize-html.ts). */
  html: string;
}

/**
 * Content pages' HTML with the site's typography. Links to pages of this site navigate inside the app
 * instead of reloading it; everything else behaves as the browser's own link.
 */
export function HtmlContent({ html, sx, ...props }: HtmlContentProps) {
  const navigate = useNavigate();

  const followInternalLink = (event: MouseEvent<HTMLElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    const href = anchor?.getAttribute('href');
    if (!anchor || !href || anchor.target === '_blank' || !href.startsWith('/') || href.startsWith('//'))
      return;
    event.preventDefault();
    void navigate(href);
  };

  return (
    <Box
      {...props}
      onClick={followInternalLink}
      dangerouslySetInnerHTML={{ __html: html }}
      sx={[
        {
          color: 'text.primary',
          typography: 'body1',
          fontSize: '1.0625rem',
          lineHeight: 1.7,
          '& > :first-child': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& p, & ul, & ol, & table, & blockquote, & figure': { my: 2 },
          '& h2': { typography: 'h3', color: 'primary.main', mt: 5, mb: 1.5 },
          '& h3': { typography: 'h4', color: 'primary.main', mt: 4, mb: 1 },
          '& h4, & h5, & h6': { typography: 'h5', mt: 3, mb: 1 },
          '& ul, & ol': { pl: 3 },
          '& li + li': { mt: 0.75 },
          '& a': { color: 'primary.light', fontWeight: 500, textUnderlineOffset: '0.2em' },
          '& img': { maxWidth: '100%', height: 'auto', borderRadius: 2 },
          '& blockquote': {
            borderLeft: 4,
            borderColor: 'secondary.main',
            pl: 2.5,
            color: 'text.secondary',
            mx: 0,
          },
          '& table': { borderCollapse: 'collapse', width: '100%' },
          '& th, & td': { borderBottom: 1, borderColor: 'divider', p: 1, textAlign: 'left' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
