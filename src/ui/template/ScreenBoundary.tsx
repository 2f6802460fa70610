/**
 * A React error boundary around the screen (issue 9): a widget or screen that throws while
 * rendering never leaves a blank page. The boundary shows its fallback (the trap's copy) and
 * reports the error once to `onError`, which logs it and takes the flow to its error route
 * (the app shell, src/app/App.tsx). A new `resetKey` (the next engine state) renders the
 * children again, so the error route's own screen shows.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface ScreenBoundaryProps {
  /** Changes when the flow moves on: the boundary then tries its children again. */
  resetKey: unknown;
  fallback: ReactNode;
  onError(error: unknown, info: { componentStack?: string | null }): void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  key: unknown;
}

export class ScreenBoundary extends Component<ScreenBoundaryProps, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: ScreenBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.props.onError(error, info);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * What may be logged of a render error: its kind and the components it passed through (code
 * names), never its message, which may quote what the applicant typed.
 */
export function describeRenderError(error: unknown, componentStack: string | null | undefined): { error: string; component: string } {
  const kind = error instanceof Error ? error.name : typeof error;
  const names = [...(componentStack ?? '').matchAll(/at ([A-Z][A-Za-z0-9_$]*)/g)].map((m) => m[1] as string);
  return { error: /^[A-Za-z][A-Za-z0-9_$]{0,60}$/.test(kind) ? kind : 'Error', component: names.slice(0, 3).join(' < ') || 'unknown' };
}
