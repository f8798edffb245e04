import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { Alert, Snackbar } from '@mui/material';
import { ERROR_KEYS } from '@lavoura/domain';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../lib/i18n';
import { registerStoreReset } from '../app/session/session-store';

// The dialogs (and their forms and texts) load the first time they open, not with every page.
const PlanPresentationDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('./plan-presentation-dialog'),
    loadNamespaces(['plans']),
  ]);
  return { default: module.PlanPresentationDialog };
});
const PlanChoiceDialog = lazy(async () => {
  const [module] = await Promise.all([import('./plan-choice-dialog'), loadNamespaces(['plans'])]);
  return { default: module.PlanChoiceDialog };
});
const ChangePasswordDialog = lazy(async () => {
  const [module] = await Promise.all([
    import('./change-password-dialog'),
    loadNamespaces(['auth']),
  ]);
  return { default: module.ChangePasswordDialog };
});

export interface Notice {
  /** A translation key; an API error key by default (namespace errors). */
  key: string;
  ns?: string;
  severity?: 'error' | 'warning' | 'info' | 'success';
  values?: Record<string, string | number>;
}

/** What any part of a signed-in frame may open: the shared dialogs and a short notice. */
export interface ShellUi {
  openPlans: () => void;
  /** The plan-choice modal of a tier (its priority level): intervals, prices, on to /payment. */
  openPlanChoice: (level: number) => void;
  openChangePassword: () => void;
  notify: (notice: Notice) => void;
}

const ShellUiContext = createContext<ShellUi | null>(null);

export function useShellUi(): ShellUi {
  const ui = useContext(ShellUiContext);
  if (!ui) throw new Error('useShellUi() outside ShellUiProvider');
  return ui;
}

const NOTICE_DURATION_MS = 6000;

/** The signed-in frames' shared dialogs (plan presentation, change password) and notices. */
export function ShellUiProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation('errors');
  const [plansOpen, setPlansOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Once opened, a dialog stays mounted so that closing it plays its transition.
  const [plansUsed, setPlansUsed] = useState(false);
  const [choiceLevel, setChoiceLevel] = useState<number | null>(null);
  const [choiceUsed, setChoiceUsed] = useState<number | null>(null);
  const [passwordUsed, setPasswordUsed] = useState(false);
  const [notice, setNotice] = useState<(Notice & { id: number }) | null>(null);

  // A new session starts with nothing open.
  useEffect(
    () =>
      registerStoreReset(() => {
        setPlansOpen(false);
        setChoiceLevel(null);
        setPasswordOpen(false);
        setNotice(null);
      }),
    [],
  );

  const openPlans = useCallback(() => {
    setPlansUsed(true);
    setPlansOpen(true);
  }, []);
  const openPlanChoice = useCallback((level: number) => {
    setPlansOpen(false);
    setChoiceUsed(level);
    setChoiceLevel(level);
  }, []);
  const openChangePassword = useCallback(() => {
    setPasswordUsed(true);
    setPasswordOpen(true);
  }, []);
  const notify = useCallback((next: Notice) => setNotice({ ...next, id: Date.now() }), []);
  const ui = useMemo(
    () => ({ openPlans, openPlanChoice, openChangePassword, notify }),
    [openPlans, openPlanChoice, openChangePassword, notify],
  );

  const ns = notice?.ns ?? 'errors';
  return (
    <ShellUiContext.Provider value={ui}>
      {children}
      <Suspense fallback={null}>
        {plansUsed && (
          <PlanPresentationDialog
            open={plansOpen}
            onClose={() => setPlansOpen(false)}
            onChoose={openPlanChoice}
          />
        )}
        {choiceUsed !== null && (
          <PlanChoiceDialog
            open={choiceLevel !== null}
            level={choiceLevel ?? choiceUsed}
            onClose={() => setChoiceLevel(null)}
          />
        )}
        {passwordUsed && (
          <ChangePasswordDialog
            open={passwordOpen}
            onClose={() => setPasswordOpen(false)}
            onChanged={() =>
              notify({ key: 'change_password.done', ns: 'auth', severity: 'success' })
            }
          />
        )}
      </Suspense>
      <Snackbar
        key={notice?.id}
        open={notice !== null}
        autoHideDuration={NOTICE_DURATION_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') setNotice(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={notice?.severity ?? 'error'}
          variant="filled"
          onClose={() => setNotice(null)}
          sx={{ width: '100%' }}
        >
          {notice &&
            t(ns === 'errors' ? [notice.key, ERROR_KEYS.unexpected] : notice.key, {
              ns,
              ...notice.values,
            })}
        </Alert>
      </Snackbar>
    </ShellUiContext.Provider>
  );
}
