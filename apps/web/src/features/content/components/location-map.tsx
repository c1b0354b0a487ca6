import Box from '@mui/material/Box';

/**
 * A drawn map of the car park beside the airport: bundled, so the home page loads no map tiles from
 * another server. The Get Directions link beside it hands navigation to the visitor's own maps app.
 */
export function LocationMap() {
  return (
    <Box
      component="svg"
      viewBox="0 0 520 360"
      role="img"
      aria-label="Map: SkyPark Airport Parking on Holyman Avenue, beside the airport terminal"
      sx={{ width: '100%', height: 'auto', display: 'block', borderRadius: 4, bgcolor: '#E7EEF6' }}
    >
      <rect width="520" height="360" fill="#E7EEF6" />
      {/* Water and parkland */}
      <path d="M0 250 C60 238 110 262 170 290 C220 314 260 330 300 360 H0 Z" fill="#BCD3EC" />
      <path d="M380 0 H520 V120 C480 110 440 80 420 40 Z" fill="#D4E6D0" />
      <path d="M20 40 C60 20 110 30 130 60 C110 90 50 96 20 70 Z" fill="#D4E6D0" />
      {/* Runway */}
      <g transform="rotate(-18 330 230)">
        <rect x="170" y="214" width="340" height="34" rx="4" fill="#A9B6C6" />
        <path d="M190 231 H490" stroke="#FFFFFF" strokeWidth="3" strokeDasharray="18 12" />
      </g>
      {/* Highway and the avenue */}
      <path
        d="M-10 150 C120 140 200 120 300 128 C380 134 450 160 530 150"
        fill="none"
        stroke="#FFFFFF"
        strokeWidth="18"
        strokeLinecap="round"
      />
      <path
        d="M-10 150 C120 140 200 120 300 128 C380 134 450 160 530 150"
        fill="none"
        stroke="#F4C27F"
        strokeWidth="3"
        strokeDasharray="14 10"
      />
      <path
        d="M250 124 C246 150 236 178 224 206"
        fill="none"
        stroke="#FFFFFF"
        strokeWidth="10"
        strokeLinecap="round"
      />
      {/* Terminal */}
      <rect x="300" y="168" width="70" height="34" rx="4" fill="#2B4C7E" transform="rotate(-18 335 185)" />
      <text
        x="340"
        y="226"
        textAnchor="middle"
        fill="#0F2D52"
        fontFamily="Inter, system-ui, sans-serif"
        fontSize="14"
        fontWeight="600"
      >
        Terminal
      </text>
      <text
        x="92"
        y="132"
        fill="#4A5A70"
        fontFamily="Inter, system-ui, sans-serif"
        fontSize="13"
        fontWeight="500"
      >
        Tasman Hwy
      </text>
      {/* Shuttle route */}
      <path
        d="M206 214 C250 236 286 218 318 200"
        fill="none"
        stroke="#0F2D52"
        strokeWidth="3"
        strokeDasharray="2 8"
        strokeLinecap="round"
      />
      {/* The car park */}
      <rect x="160" y="196" width="64" height="44" rx="6" fill="#FFFFFF" stroke="#0F2D52" strokeWidth="2" />
      {[172, 186, 200].map((x) => (
        <path key={x} d={`M${x} 204 V232`} stroke="#C9D6E6" strokeWidth="2" />
      ))}
      <g transform="translate(192 186)">
        <path
          d="M0 0 C-16 -16 -22 -26 -22 -38 A22 22 0 0 1 22 -38 C22 -26 16 -16 0 0 Z"
          fill="#F4A340"
          stroke="#0F2D52"
          strokeWidth="2"
        />
        <path
          d="M-6 -27V-49h7a6 6 0 0 1 0 12h-7"
          fill="none"
          stroke="#0F2D52"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <g transform="translate(122 262)">
        <rect width="140" height="30" rx="15" fill="#0F2D52" />
        <text
          x="70"
          y="20"
          textAnchor="middle"
          fill="#FFFFFF"
          fontFamily="Inter, system-ui, sans-serif"
          fontSize="13"
          fontWeight="700"
        >
          SkyPark car park
        </text>
      </g>
    </Box>
  );
}
