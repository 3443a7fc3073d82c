import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { loadChunk } from '../../../lib/chunk-loader';
import { trialAccountIsAgent } from '../../../lib/login-gate';
import { session } from '../../../lib/session';
import { useLanguage } from '@lotus/client';
import { openModal } from '../../../stores/modal-store';
import type { LaunchableGame } from './launch-request';
import type { LaunchProblem } from './launch-problem';
import type { TransferMove, TransferWallet } from './transfer-move';

export type { LaunchableGame } from './launch-request';

// This hook is in the header and on the home page (JS budget): the calls load on the first Play,
// the dialogs and their texts (the games catalogue) only when a launch fails.
const loadLaunchRequest = () => loadChunk(() => import('./launch-request'));
const LaunchProblemDialog = lazy(() =>
  loadChunk(() => import('./launch-problem-dialog')).then((module) => ({ default: module.LaunchProblemDialog })),
);
const TransferLaunchDialog = lazy(() =>
  loadChunk(() => import('./transfer-launch-dialog')).then((module) => ({ default: module.TransferLaunchDialog })),
);

type LaunchModule = Awaited<ReturnType<typeof loadLaunchRequest>>;

/** The in-house lottery's vendor in the games catalogue (Lotus Lotto: product LOTT, category ELOTT). */
export const houseLotteryVendor = 'LTLOTTO';

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
 * play (their free-play money), unlike the real-money features behind the login gate. A game of a
 * transfer-mode vendor first offers to move the main wallet into its wallet (all, or an amount); a
 * transfer game still open gives its money back before another game is launched.
 */
export function useLaunchGame(): LaunchGameHandle {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<LaunchProblem | null>(null);
  const [transferOffer, setTransferOffer] = useState<{ game: LaunchableGame; wallet: TransferWallet } | null>(null);
  const [isLaunching, setIsLaunching] = useState(false);

  /** Asks for the game's address and opens it (the module's `showGame`); a refusal is thrown. */
  const open = useCallback(
    async (module: LaunchModule, game: LaunchableGame, move: TransferMove) => {
      await module.showGame(
        queryClient,
        module.buildLaunchRequest(game, language, session.getIsAgent() === trialAccountIsAgent, isPhone(), move),
      );
      // The launch recorded the game among the member's recent ones.
      void queryClient.invalidateQueries({ queryKey: ['recent-games'] });
      if (pathname !== paths.game.path) void navigate(paths.game.getHref());
    },
    [language, navigate, pathname, queryClient],
  );

  const run = useCallback(
    async (pickGame: (module: LaunchModule) => Promise<LaunchableGame | null>) => {
      const token = session.getToken();
      if (!token) {
        openModal({ kind: 'login' });
        return;
      }
      const isTrial = session.getIsAgent() === trialAccountIsAgent;
      setIsLaunching(true);
      let module: LaunchModule | null = null;
      try {
        module = await loadLaunchRequest();
        const game = await pickGame(module);
        if (!game) {
          setProblem({ kind: 'noGame' });
          return;
        }
        // Trial accounts have no transfer wallets (the server says so if asked).
        const wallet = isTrial ? null : await module.readTransferWallet(queryClient, game.vassalage, token, language);
        if (wallet) {
          setTransferOffer({ game, wallet });
          return;
        }
        await open(module, game, { kind: 'none' });
      } catch (error) {
        setProblem(module ? module.problemOf(error, isTrial) : { kind: 'error', message: null });
      } finally {
        setIsLaunching(false);
      }
    },
    [language, open, queryClient],
  );

  /** The transfer dialog's choice: move, launch, open. */
  const launchWithMove = useCallback(
    async (game: LaunchableGame, move: TransferMove) => {
      setTransferOffer(null);
      setIsLaunching(true);
      let module: LaunchModule | null = null;
      try {
        module = await loadLaunchRequest();
        await open(module, game, move);
      } catch (error) {
        setProblem(module ? module.problemOf(error, false) : { kind: 'error', message: null });
      } finally {
        setIsLaunching(false);
      }
    },
    [open],
  );

  // The house lottery's games are the /lottery pages (open to visitors too), not a vendor's window.
  const launch = useCallback(
    (game: LaunchableGame) =>
      game.vassalage === houseLotteryVendor ? void navigate(paths.lottery.getHref()) : void run(async () => game),
    [navigate, run],
  );
  const launchVendor = useCallback(
    (vassalage: string) =>
      vassalage === houseLotteryVendor
        ? void navigate(paths.lottery.getHref())
        : void run((module) => module.findFirstGameOfVendor(vassalage, language)),
    [language, navigate, run],
  );

  const dialog = problem ? (
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
  ) : (
    transferOffer && (
      <Suspense fallback={null}>
        <TransferLaunchDialog
          wallet={transferOffer.wallet}
          gameName={transferOffer.game.displayName ?? null}
          onClose={() => setTransferOffer(null)}
          onConfirm={(move) => void launchWithMove(transferOffer.game, move)}
        />
      </Suspense>
    )
  );
  return { launch, launchVendor, isLaunching, dialog };
}
