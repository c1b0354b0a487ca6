import Box from '@mui/material/Box';

// Glyph outlines from Material Icons (Apache 2.0), drawn here at illustration scale.
const BUS_PATH =
  'M4 16c0 .88.39 1.67 1 2.22V20c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-1h8v1c0 .55.45 1 1 1h1c.55 0 1-.45 1-1v-1.78c.61-.55 1-1.34 1-2.22V6c0-3.5-3.58-4-8-4s-8 .5-8 4zm3.5 1c-.83 0-1.5-.67-1.5-1.5S6.67 14 7.5 14s1.5.67 1.5 1.5S8.33 17 7.5 17m9 0c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5m1.5-6H6V6h12z';
const PLANE_PATH =
  'M21 16v-2l-8-5V3.5c0-.83-.67-1.5-1.5-1.5S10 2.67 10 3.5V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z';

const stops = [
  { x: 96, y: 292, label: 'Park' },
  { x: 244, y: 232, label: 'Ride' },
] as const;

/** Park, ride, fly: the service at a glance. Purely decorative; the hero's text says the same in words. */
export function HeroIllustration() {
  return (
    <Box
      component="svg"
      viewBox="0 0 480 400"
      aria-hidden="true"
      focusable="false"
      sx={{
        width: '100%',
        height: 'auto',
        display: 'block',
        filter: 'drop-shadow(0 24px 48px rgba(15, 45, 82, 0.18))',
      }}
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor="#2B4C7E" />
          <stop offset="1" stopColor="#0F2D52" />
        </linearGradient>
        <clipPath id="hero-frame">
          <rect width="480" height="400" rx="32" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-frame)">
        <rect width="480" height="400" fill="url(#hero-sky)" />

        <g fill="#FFFFFF" opacity="0.12">
          <rect x="48" y="62" width="120" height="28" rx="14" />
          <rect x="84" y="44" width="64" height="30" rx="15" />
          <rect x="250" y="120" width="96" height="24" rx="12" />
        </g>
        <rect x="0" y="330" width="480" height="70" fill="#0A1F3A" opacity="0.45" />
        <path d="M0 330h480" stroke="#FFFFFF" strokeOpacity="0.18" strokeWidth="2" />
      </g>

      <path
        d="M96 292C150 250 190 238 244 232C316 224 352 170 392 104"
        fill="none"
        stroke="#F4A340"
        strokeWidth="4"
        strokeLinecap="round"
        strokeDasharray="2 14"
      />

      <g>
        <circle cx={stops[0].x} cy={stops[0].y} r="38" fill="#FFFFFF" />
        <path
          d="M86 312V272h14a12 12 0 0 1 0 24H86"
          fill="none"
          stroke="#0F2D52"
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <g>
        <circle cx={stops[1].x} cy={stops[1].y} r="38" fill="#FFFFFF" />
        <path
          d={BUS_PATH}
          fill="#0F2D52"
          transform={`translate(${stops[1].x - 26.4} ${stops[1].y - 26.4}) scale(2.2)`}
        />
      </g>
      <g transform="translate(392 104) rotate(45)">
        <circle r="44" fill="#F4A340" />
        <path d={PLANE_PATH} fill="#0F2D52" transform="translate(-31.2 -31.2) scale(2.6)" />
      </g>

      <g
        fill="#FFFFFF"
        fontFamily="Inter, system-ui, sans-serif"
        fontSize="18"
        fontWeight="600"
        textAnchor="middle"
      >
        {stops.map((stop) => (
          <text key={stop.label} x={stop.x} y={stop.y + 66}>
            {stop.label}
          </text>
        ))}
        <text x="392" y="178">
          Fly
        </text>
      </g>
    </Box>
  );
}
