import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface AccountCardProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}

/** The calm, centred card of the account screens: login, confirm email, forgot and set password. */
export function AccountCard({ title, intro, children }: AccountCardProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 4, md: 8 }, px: { xs: 2, sm: 3 } }}>
      <Card>
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Typography variant="h3" component="h1" sx={{ color: 'primary.main', mb: intro ? 1 : 3 }}>
            {title}
          </Typography>
          {intro && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {intro}
            </Typography>
          )}
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}
