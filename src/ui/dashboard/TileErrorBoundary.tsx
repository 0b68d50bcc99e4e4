import { Component, type ReactNode } from 'react';
import { Alert } from '@mui/material';

interface State {
  message: string | null;
}

/** One tile that fails to draw shows why, and the other tiles keep working. */
export class TileErrorBoundary extends Component<{ children: ReactNode; label: string }, State> {
  state: State = { message: null };

  static getDerivedStateFromError(error: unknown): State {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  render() {
    if (this.state.message === null) return this.props.children;
    return (
      <Alert severity="error" data-chart-state="error">
        {this.props.label}: {this.state.message}
      </Alert>
    );
  }
}
