import { DialogTitle, Typography } from '@mui/material';

/** A plot dialog's title with, under it, the farm it works on. */
export function FarmDialogTitle({
  id,
  title,
  farmName,
}: {
  id: string;
  title: string;
  farmName: string;
}) {
  return (
    <DialogTitle id={id}>
      {title}
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        {farmName}
      </Typography>
    </DialogTitle>
  );
}
