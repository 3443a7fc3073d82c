import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { loadChunk } from '../../../lib/chunk-loader';
import { trialAccountIsAgent } from '../../../lib/login-gate';
import { session } from '../../../lib/session';
import { useLanguage } from '../../../lib/use-language';
import { launchedGameStore } from '../../../stores/launched-game-store';
import { openModal } from '../../../stores/modal-store';
import type { LaunchableGame } from './launch-request';
import type { LaunchProblem } from './launch-problem';

export type { LaunchableGame } from './launch-request';

// This hook is in the header and on the home page (JS budget): the calls load on the first Play,
// the dialogs and their texts (the games catalogue) only when a launch fails.
const loadLaunchRequest = () => loadChunk(() => import('./launch-request'));
const LaunchProblemDialog = lazy(() => loadChunk(() => import('./launch-problem-dialog')).then((module) => ({ default: module.LaunchProblemDialog })));

/** A phone gets the vendors' html5 build; anything else the desktop one (spec §3 "html5-desktop"). */
export function isPhone(): boolean {
  const agentData = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData;
  return agentData?.mobile ?? /Android|iPhone|iPod|Mobile/i.test(navigator.userAgent);
}

export interface LaunchGameHandle {
  /** Launches one game (spec §4 "Game load"). */
  launch: (game: LaunchableGame) => void;
  /** Launches a vendor directly: its first game (category pages, the header's drop-downs). */
  launchVendor: (vassalage: string) => void;
  isLaunching: boolean;
  /** The dialog of a refused launch; render it wherever the hook is used. */
  dialog: ReactNode;
}

/**
 * spec §4 "Game load: requires login; launch address is set and user sent to /game unless already
 * there". Logged out, the login modal opens and nothing is asked of the server. Trial accounts may
 * play (their free-play money), unlike the real-money features behind the login gate.
 */
export function useLaunchGame(): LaunchGameHandle {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<LaunchProblem | null>(null);
  const [isLaunching, setIsLaunching] = useState(false);

  const run = useCallback(
    async (pickGame: (module: Awaited<ReturnType<typeof loadLaunchRequest>>) => Promise<LaunchableGame | null>) => {
      if (!session.getToken()) {
        openModal({ kind: 'login' });
        return;
      }
      const isTrial = session.getIsAgent() === trialAccountIsAgent;
      const isPhoneDevice = isPhone();
      setIsLaunching(true);
      let module: Awaited<ReturnType<typeof loadLaunchRequest>> | null = null;
      try {
        module = await loadLaunchRequest();
        const game = await pickGame(module);
        if (!game) {
          setProblem({ kind: 'noGame' });
          return;
        }
        const result = await module.launchGame(module.buildLaunchRequest(game, language, isTrial, isPhoneDevice));
        launchedGameStore.set({ url: (isPhoneDevice && result.game_url2) || result.game_url, title: result.displayName });
        // The launch recorded the game among the member's recent ones.
        void queryClient.invalidateQueries({ queryKey: ['recent-games'] });
        if (pathname !== paths.game.path) void navigate(paths.game.getHref());
      } catch (error) {
        setProblem(module ? module.problemOf(error, isTrial) : { kind: 'error', message: null });
      } finally {
        setIsLaunching(false);
      }
    },
    [language, navigate, pathname, queryClient],
  );

  const launch = useCallback((game: LaunchableGame) => void run(async () => game), [run]);
  const launchVendor = useCallback(
    (vassalage: string) => void run((module) => module.findFirstGameOfVendor(vassalage, language)),
    [language, run],
  );

  const dialog = problem && (
    <Suspense fallback={null}>
      <LaunchProblemDialog
        problem={problem}
        onClose={() => setProblem(null)}
        onLaunch={(game) => {
          setProblem(null);
          launch(game);
        }}
      />
    </Suspense>
  );
  return { launch, launchVendor, isLaunching, dialog };
}
