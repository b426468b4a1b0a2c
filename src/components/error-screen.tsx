// The error screen of spec §2, and the boundary that shows it when rendering fails
// anywhere in the app (the router shows the same screen for errors inside routes).
import { Component, type ErrorInfo, type ReactNode } from "react";
import { reloadPage } from "../lib/browser-navigation";
import "./components.css";

export function ErrorScreen() {
  return (
    <main className="error-screen" role="alert">
      <div className="card error-card">
        <h1>Something went wrong</h1>
        <p className="muted">The app hit an error. You can try reloading.</p>
        <button type="button" className="btn btn-primary" onClick={() => reloadPage()}>
          Reload
        </button>
      </div>
    </main>
  );
}

type BoundaryState = { failed: boolean };

export class ErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("render error", error, info.componentStack);
  }

  render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
