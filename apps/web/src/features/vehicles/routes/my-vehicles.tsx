import AddIcon from '@mui/icons-material/Add';
import DirectionsCarOutlinedIcon from '@mui/icons-material/DirectionsCarOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '@parking/domain/messages';
import { PageSection } from '@/components/page-section';
import { paths } from '@/config/paths';
import { firstErrorDetail } from '@/lib/api/client';
import { savedVehiclesQuery } from '@/lib/api/vehicles';
import { useAuth } from '@/lib/auth/auth-context';
import { usePageTitle } from '@/lib/page-title';
import { useDeleteVehicle, type Vehicle } from '../api/vehicles';
import { DeleteVehicleDialog } from '../components/delete-vehicle-dialog';
import { VehicleCard } from '../components/vehicle-card';
import { VehicleDialog } from '../components/vehicle-dialog';

const gridSx = {
  display: 'grid',
  gap: 3,
  gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
};

/** /vehicles, My Vehicles (public-site §2): add, edit and (softly) delete saved vehicles. */
export function MyVehiclesPage() {
  usePageTitle(paths.vehicles.title);
  const { customer } = useAuth();
  const [editing, setEditing] = useState<Vehicle | null>(null);
  const [editorOpen, setEditorOpen] = useState(false);
  const [deleting, setDeleting] = useState<Vehicle | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  const openEditor = (vehicle: Vehicle | null) => {
    setEditing(vehicle);
    setEditorOpen(true);
  };
  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => openEditor(null)} disabled={!customer}>
      Add vehicle
    </Button>
  );

  return (
    <PageSection
      title="My Vehicles"
      intro="Save your cars once and pick them when you book."
      action={addButton}
    >
      {customer ? (
        <VehicleList
          customerId={customer.id}
          onAdd={() => openEditor(null)}
          onEdit={openEditor}
          onDelete={(vehicle) => {
            setDeleting(vehicle);
            setConfirmOpen(true);
          }}
        />
      ) : (
        <Alert severity="info">This account has no customer record to keep vehicles for.</Alert>
      )}
      {customer && (
        <>
          <VehicleDialog
            open={editorOpen}
            vehicle={editing}
            customerId={customer.id}
            onClose={() => setEditorOpen(false)}
          />
          <DeleteVehicleConfirmation
            customerId={customer.id}
            vehicle={deleting}
            open={confirmOpen}
            onClose={() => setConfirmOpen(false)}
          />
        </>
      )}
    </PageSection>
  );
}

interface VehicleListProps {
  customerId: string;
  onAdd: () => void;
  onEdit: (vehicle: Vehicle) => void;
  onDelete: (vehicle: Vehicle) => void;
}

function VehicleList({ customerId, onAdd, onEdit, onDelete }: VehicleListProps) {
  const vehicles = useQuery(savedVehiclesQuery(customerId));

  if (vehicles.isPending) {
    return (
      <Box sx={gridSx} role="progressbar" aria-busy="true" aria-label="Loading your vehicles">
        {[0, 1].map((index) => (
          <Skeleton key={index} variant="rounded" height={196} />
        ))}
      </Box>
    );
  }
  if (vehicles.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void vehicles.refetch()}>
            Try again
          </Button>
        }
      >
        {firstErrorDetail(vehicles.error, messages.unknownError)}
      </Alert>
    );
  }
  if (vehicles.data.length === 0) {
    return (
      <Card>
        <Box sx={{ textAlign: 'center', px: 3, py: { xs: 6, md: 8 } }}>
          <DirectionsCarOutlinedIcon aria-hidden sx={{ fontSize: 48, color: 'primary.light', mb: 2 }} />
          <Typography variant="h4" component="h2" gutterBottom>
            You have no saved vehicles yet.
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Add your car and it will be ready to pick the next time you book.
          </Typography>
          <Button variant="contained" size="large" startIcon={<AddIcon />} onClick={onAdd}>
            Add your first vehicle
          </Button>
        </Box>
      </Card>
    );
  }
  return (
    <Box sx={gridSx}>
      {vehicles.data.map((vehicle) => (
        <VehicleCard key={vehicle.id} vehicle={vehicle} onEdit={onEdit} onDelete={onDelete} />
      ))}
    </Box>
  );
}

interface DeleteVehicleConfirmationProps {
  customerId: string;
  vehicle: Vehicle | null;
  open: boolean;
  onClose: () => void;
}

function DeleteVehicleConfirmation({ customerId, vehicle, open, onClose }: DeleteVehicleConfirmationProps) {
  const remove = useDeleteVehicle(customerId);
  return (
    <DeleteVehicleDialog
      vehicle={vehicle}
      open={open}
      pending={remove.isPending}
      onCancel={onClose}
      // Public-site §8: a failed delete is silent; the vehicle simply stays in the list.
      onConfirm={(target) => remove.mutate(target.id, { onSettled: onClose })}
    />
  );
}
