import { useResetErrorBoundaryOnLocationChange } from 'react-admin';
import { RenderErrorMessage } from '../layout/RenderErrorBoundary';

/**
 * `<Admin error>`: a render error anywhere in the app shows the specification's text, and the
 * next navigation clears it.
 */
export function AppErrorPage({
  resetErrorBoundary,
}: {
  resetErrorBoundary: (details?: unknown) => void;
}) {
  useResetErrorBoundaryOnLocationChange(resetErrorBoundary);
  return <RenderErrorMessage />;
}
