import { Alert, Box } from '@mui/material';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';

/** Spec §2, word for word (including its spelling). */
export const RENDER_ERROR_TEXT =
  'An unexpected error has occured. Please refresh your browser and try again. If you continue to encounter this error, please contact our customer support.';

/** The render error message, through i18n with the spec's text as the English fallback. */
export function RenderErrorMessage() {
  const translate = useTranslate();
  return (
    <Box sx={{ p: 3 }}>
      <Alert severity="error" role="alert">
        {translate('app.error.render', { _: RENDER_ERROR_TEXT })}
      </Alert>
    </Box>
  );
}

/** react-admin Layout `error` component (react-admin resets its boundary on navigation). */
export function LayoutErrorPage() {
  return <RenderErrorMessage />;
}

interface BoundaryProps {
  resetKey: string;
  children: ReactNode;
}

class ErrorBoundaryCore extends Component<BoundaryProps, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Render error', error, info.componentStack);
  }

  componentDidUpdate(previous: BoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ failed: false });
  }

  render() {
    return this.state.failed ? <RenderErrorMessage /> : this.props.children;
  }
}

/** Shows the render error text when a child throws; the next navigation clears it. */
export function RenderErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return (
    <ErrorBoundaryCore resetKey={`${location.pathname}${location.search}${location.hash}`}>
      {children}
    </ErrorBoundaryCore>
  );
}
