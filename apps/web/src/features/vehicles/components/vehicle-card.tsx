import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DirectionsCarOutlinedIcon from '@mui/icons-material/DirectionsCarOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Vehicle } from '../api/vehicles';

interface VehicleCardProps {
  vehicle: Vehicle;
  onEdit: (vehicle: Vehicle) => void;
  onDelete: (vehicle: Vehicle) => void;
}

export function VehicleCard({ vehicle, onEdit, onDelete }: VehicleCardProps) {
  const titleId = `vehicle-${vehicle.id}-title`;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              width: 48,
              height: 48,
              borderRadius: 3,
              display: 'grid',
              placeItems: 'center',
              bgcolor: 'rgba(15, 45, 82, 0.08)',
              color: 'primary.main',
              flexShrink: 0,
            }}
          >
            <DirectionsCarOutlinedIcon />
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              id={titleId}
              variant="h4"
              component="h2"
              sx={{ letterSpacing: '0.04em', fontFamily: 'inherit', overflowWrap: 'anywhere' }}
            >
              {vehicle.rego}
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {vehicle.make} {vehicle.model}
            </Typography>
          </Box>
        </Stack>
        <Box
          component="dl"
          sx={{ m: 0, mt: 2, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            Colour
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
            {vehicle.colour}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Type
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500 }}>
            {vehicle.vehicleTypeName || '—'}
          </Typography>
        </Box>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          onClick={() => onEdit(vehicle)}
          aria-label={`Edit ${vehicle.rego}`}
        >
          Edit
        </Button>
        <Button
          color="error"
          startIcon={<DeleteOutlineIcon />}
          onClick={() => onDelete(vehicle)}
          aria-label={`Delete ${vehicle.rego}`}
        >
          Delete
        </Button>
      </CardActions>
    </Card>
  );
}
