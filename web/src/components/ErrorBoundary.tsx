import { Component, type ReactNode } from 'react';

interface Props {
  fallback: (error: unknown) => ReactNode;
  /** When this changes (the page address), a shown error is cleared so the new page renders. */
  resetKey?: string;
  /** Told about each caught error (error reporting, platform §8). */
  onError?: (error: unknown) => void;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches a render error below it and shows `fallback` instead (React has no hook for this). */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  componentDidCatch(error: unknown) {
    this.props.onError?.(error);
  }

  componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ error: null, failed: false });
  }

  render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
