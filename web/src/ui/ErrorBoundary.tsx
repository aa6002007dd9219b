import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from './CrashScreen.tsx';
import { reportClientError } from './reportClientError.ts';

interface State {
  error: Error | null;
}

/**
 * Last line of defence: shows the crash screen instead of a white page, and informs the team as the screen
 * says (the report goes to the server's log, see reportClientError).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled UI error', error, info.componentStack);
    reportClientError(error);
  }

  override render() {
    if (this.state.error) return <CrashScreen message={this.state.error.message} />;
    return this.props.children;
  }
}
