import { Component, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { Link as RouterLink, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MessagePanel } from '../shell/message-panel';
import { isChunkLoadError, retryFailedAreas } from './lazy-area';

/** "Something went wrong" with a way out: try again, or go home. Never a white screen. */
function ErrorPanel({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('warnings');
  return (
    <MessagePanel
      testId="error-panel"
      tone="error"
      icon={<ErrorOutlineIcon />}
      title={t('error.title')}
      description={t('error.description')}
      actions={
        <>
          <Button variant="contained" onClick={onRetry}>
            {t('error.retry')}
          </Button>
          <Button component={RouterLink} to="/" variant="outlined">
            {t('error.go_home')}
          </Button>
        </>
      }
    />
  );
}

function reloadPage(): void {
  window.location.reload();
}

interface AreaBoundaryState {
  error: unknown;
}

/**
 * Catches what an area throws while loading or rendering, keeping the page frame alive. Retry
 * renders the area again; a chunk that failed to load needs the page loaded again instead.
 */
export class AreaBoundary extends Component<{ children: ReactNode }, AreaBoundaryState> {
  override state: AreaBoundaryState = { error: null };

  constructor(props: { children: ReactNode }) {
    super(props);
    // A new frame loads again an area whose earlier load failed (lazy-area.ts).
    retryFailedAreas();
  }

  static getDerivedStateFromError(error: unknown): AreaBoundaryState {
    return { error: error ?? new Error('Unknown error') };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Area failed', error, info.componentStack);
  }

  private readonly retry = () => {
    if (isChunkLoadError(this.state.error)) reloadPage();
    else {
      retryFailedAreas();
      this.setState({ error: null });
    }
  };

  override render() {
    if (this.state.error) return <ErrorPanel onRetry={this.retry} />;
    return this.props.children;
  }
}

/** The router's `errorElement`: what escapes an area (or the layout) lands here. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => console.error('Route failed', error), [error]);
  return <ErrorPanel onRetry={reloadPage} />;
}
