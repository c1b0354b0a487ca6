import DirectionsBusOutlinedIcon from '@mui/icons-material/DirectionsBusOutlined';
import GarageOutlinedIcon from '@mui/icons-material/GarageOutlined';
import LocalParkingOutlinedIcon from '@mui/icons-material/LocalParkingOutlined';
import VpnKeyOutlinedIcon from '@mui/icons-material/VpnKeyOutlined';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { HtmlContent } from '@/components/html-content';
import type { Frontpage } from '@/lib/content/types';

const icons: Record<string, ReactNode> = {
  garage: <GarageOutlinedIcon />,
  key: <VpnKeyOutlinedIcon />,
  bus: <DirectionsBusOutlinedIcon />,
};

/** The home page's content columns (public-site §2), as many as the content backend sends. */
export function ContentColumns({ columns }: { columns: Frontpage['acf']['columns'] }) {
  if (columns.length === 0) return null;
  return (
    <Box component="section" aria-label="Why park with us" sx={{ py: { xs: 5, md: 8 } }}>
      <Container maxWidth="lg">
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 5 },
            gridTemplateColumns: { xs: '1fr', md: `repeat(${Math.min(columns.length, 3)}, 1fr)` },
          }}
        >
          {columns.map((column, index) => (
            <Box key={index}>
              <Box
                aria-hidden
                sx={{
                  width: 52,
                  height: 52,
                  borderRadius: 3,
                  display: 'grid',
                  placeItems: 'center',
                  mb: 2,
                  bgcolor: 'secondary.main',
                  color: 'primary.main',
                  '& svg': { fontSize: 28 },
                }}
              >
                {icons[column.icon] ?? <LocalParkingOutlinedIcon />}
              </Box>
              <Typography variant="h4" component="h2" sx={{ color: 'primary.main', mb: 1 }}>
                {column.title}
              </Typography>
              <HtmlContent html={column.content} sx={{ color: 'text.secondary', fontSize: '1rem' }} />
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
