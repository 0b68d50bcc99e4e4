import { Alert, Button, CircularProgress } from '@mui/material';

/**
 * The end of a public form: the server's refusal (when there is one) and the full-width
 * submit button, disabled with a spinner while the form is being sent.
 */
export function FormSubmit({
  label,
  submitting,
  error,
}: {
  label: string;
  submitting: boolean;
  /** Already translated. */
  error?: string | null;
}) {
  return (
    <>
      {error && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        fullWidth
        size="large"
        disabled={submitting}
        startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
        sx={{ mt: 2 }}
      >
        {label}
      </Button>
    </>
  );
}
