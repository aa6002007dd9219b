import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashScreen } from './CrashScreen.tsx';

interface State {
  error: Error | null;
}

/**
 * Last line of defence: shows the crash screen instead of a white page. The team is informed through
 * the console log for now (an error-reporting sink plugs in here).
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled UI error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <CrashScreen message={this.state.error.message} />;
    return this.props.children;
  }
}
