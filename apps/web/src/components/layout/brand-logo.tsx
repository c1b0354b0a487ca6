import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { paths } from '@/config/paths';
import { site } from '@/config/site';
import { LinkBehavior } from '@/components/link-behavior';

/** The mark alone: a parking "P" under a flight path. Decorative; the wordmark beside it carries the name. */
export function BrandMark({ size = 40, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="11" fill={inverted ? '#FFFFFF' : '#0F2D52'} />
      <path
        d="M14.5 30V11.5h6.75a5.75 5.75 0 0 1 0 11.5H14.5"
        fill="none"
        stroke={inverted ? '#0F2D52' : '#FFFFFF'}
        strokeWidth="3.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path
        d="M7 17.5C13 6 25.5 4 34 9"
        fill="none"
        stroke="#F4A340"
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <circle cx="34" cy="9" r="2.6" fill="#F4A340" />
    </svg>
  );
}

interface BrandLogoProps {
  /** Light text for dark backgrounds such as the footer. */
  inverted?: boolean;
}

export function BrandLogo({ inverted = false }: BrandLogoProps) {
  return (
    <Box
      component={LinkBehavior}
      href={paths.home.path}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1.25,
        color: inverted ? 'common.white' : 'primary.main',
        textDecoration: 'none',
        borderRadius: 2,
        flexShrink: 0,
      }}
    >
      <BrandMark inverted={inverted} />
      <Box component="span" sx={{ display: 'flex', flexDirection: 'column' }}>
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.1875rem', lineHeight: 1.1 }}>
          {site.wordmark}
        </Typography>
        <Typography
          component="span"
          sx={{
            fontSize: '0.75rem',
            fontWeight: 500,
            letterSpacing: '0.06em',
            textTransform: 'uppercase',
            lineHeight: 1.4,
            color: inverted ? 'rgba(255, 255, 255, 0.8)' : 'text.secondary',
          }}
        >
          {site.descriptor}
        </Typography>
      </Box>
    </Box>
  );
}
