import { Component, type ReactNode } from 'react';
import { forgetCopies } from '~/platform/client/dataCopies';

interface CopyGuardState {
  /** 0 until drawing failed once; 1 once the copies were forgotten and the island drawn afresh. */
  attempt: number;
  failed: boolean;
}

/**
 * Around an island that may draw the last visit's copy (dataCopies.ts). A copy is drawn as it was
 * kept, without parsing it again: should drawing one fail all the same (storage edited by hand, a
 * copy whose shape changed without its schema version), the device's copies are forgotten and the
 * island draws again, from the server's answer, rather than leaving the page blank. A second
 * failure is not the copy's: the island says it could not be shown.
 */
export class CopyGuard extends Component<{ children: ReactNode }, CopyGuardState> {
  override state: CopyGuardState = { attempt: 0, failed: false };

  static getDerivedStateFromError(): Partial<CopyGuardState> {
    return { failed: true };
  }

  override componentDidCatch(): void {
    if (this.state.attempt > 0) return;
    forgetCopies();
    this.setState({ attempt: 1, failed: false });
  }

  override render(): ReactNode {
    if (!this.state.failed)
      return <CopyGuardKey key={this.state.attempt}>{this.props.children}</CopyGuardKey>;
    if (this.state.attempt === 0) return null;
    return (
      <p className="form-alert form-alert-error" role="alert">
        This part of the page could not be shown. Reload the page to try again.
      </p>
    );
  }
}

/** Mounts its children afresh when its key changes. */
const CopyGuardKey = ({ children }: { children: ReactNode }) => children;
