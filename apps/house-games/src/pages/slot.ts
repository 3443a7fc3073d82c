/// <reference lib="dom" />
// The slot's page: five reels, the spin, its wins and free spins, and the Info, Fairness and
// History panels. The server decides every round; this page only shows what it answered, and can
// recompute any round from revealed seeds with the same @lotus/fair code the server runs.
import {
  hashServerSeed,
  newClientSeed,
  SLOT_LINES,
  slotGame,
  spinSlot,
  type SlotRound,
  type SlotSpin,
  type SlotSymbol,
} from '@lotus/fair';
import {
  ApiError,
  append,
  callApi,
  formatDateTime,
  formatMoney,
  h,
  lobbyUrlOf,
  openPanel,
  prefersReducedMotion,
  readLaunch,
  replace,
  s,
  sessionEndedCodes,
  shortHash,
  wait,
} from './page-kit.ts';
import { showErrorPage } from './page-error.ts';
import { commonTexts, slotTexts, translator } from './page-texts.ts';
import { isSpinKey, reelSequence, winningCells, winTier } from './slot-play.ts';
import { symbolIcon, symbolSprite } from './slot-symbols.ts';
import type { PublicSeeds } from '../games/fair-seeds.ts';

/** A stored round as /api/slot/session (lastRound) and /api/slot/history answer it. */
interface StoredRound {
  round_id: string;
  total_bet: string;
  total_win: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  outcome: SlotRound;
  status: 'open' | 'bet_placed' | 'settled' | 'voided';
  created_at: string;
}

interface SessionAnswer {
  balance: string;
  currency: string;
  fairness: PublicSeeds;
  betsPerLine: number[];
  lastRound: StoredRound | null;
}

interface SpinAnswer {
  roundId: string;
  round: SlotRound;
  fairness: { serverSeedHash: string; clientSeed: string; nonce: number };
  balance: string;
  nextFairness: PublicSeeds;
}

interface SlotInfo {
  rtp: {
    rtp: number;
    baseGameRtp: number;
    freeSpinsRtp: number;
    hitFrequency: number;
    freeSpinsTriggerProbability: number;
    expectedFreeSpinsPerTrigger: number;
    combinations: number;
  };
}

const root = document.getElementById('game')!;
const launch = readLaunch(new URL(location.href), root.dataset.gameId ?? '');
const t = translator(launch.lang, commonTexts, slotTexts);
const money = (minor: string | number | bigint) => formatMoney(minor, launch.lang);
const player = () => ({ token: launch.token, gameId: launch.gameId, currency: launch.currency });
const symbolName = (symbol: SlotSymbol) => t(`sym_${symbol}`);
const percent = (value: number) =>
  new Intl.NumberFormat(launch.lang === 'th' ? 'th-TH' : 'en-US', {
    style: 'percent',
    minimumFractionDigits: 4,
    maximumFractionDigits: 4,
  }).format(value);
const count = (value: number, digits = 0) =>
  new Intl.NumberFormat(launch.lang === 'th' ? 'th-TH' : 'en-US', { maximumFractionDigits: digits }).format(value);

const state = {
  balance: '0',
  currency: launch.currency,
  fairness: null as PublicSeeds | null,
  betsPerLine: [] as number[],
  betIndex: 0,
  isSpinning: false,
  isClosed: false,
  showing: [] as SlotSymbol[][],
  info: null as SlotInfo | null,
};
const betPerLine = () => state.betsPerLine[state.betIndex] ?? 0;
const totalBet = () => betPerLine() * SLOT_LINES.length;

// ---- the page's parts -----------------------------------------------------------------------

// The platform's catalogue names the game (the launch's `name`, in the player's language), as the site does.
const gameTitle = launch.gameName || t('title');
const balanceValue = h('output', { class: 'meter__value' }, '—');
const winValue = h('output', { class: 'meter__value' }, money(0));
const betValue = h('output', { class: 'bet__value' }, '—');
const totalBetValue = h('span', { class: 'bet__total' });
const lessButton = h(
  'button',
  { class: 'bet__step', type: 'button', 'aria-label': t('lessBet'), onclick: () => changeBet(-1) },
  '−',
);
const moreButton = h(
  'button',
  { class: 'bet__step', type: 'button', 'aria-label': t('moreBet'), onclick: () => changeBet(1) },
  '+',
);
const spinButton = h(
  'button',
  { class: 'spin', type: 'button', disabled: true, onclick: () => void spin() },
  h('span', { class: 'spin__label' }, t('spin')),
);
const message = h('div', { class: 'message', 'aria-live': 'polite' }, t('loading'));
const alertBox = h('div', { class: 'alert', role: 'alert', hidden: true });
const freeBar = h('div', { class: 'freebar', hidden: true });
const banner = h('div', { class: 'banner', hidden: true, onclick: () => hideBanner() });
const paylines = s('svg', {
  class: 'paylines',
  viewBox: '0 0 500 300',
  preserveAspectRatio: 'none',
  'aria-hidden': 'true',
});
const reelElements = slotGame.reels.map(() => h('div', { class: 'reel' }));
let cells: HTMLElement[][] = [];

const navButton = (label: string, onclick: () => void) =>
  h('button', { class: 'nav__button', type: 'button', onclick }, label);

function layout() {
  replace(
    root,
    symbolSprite(),
    h(
      'header',
      { class: 'top' },
      h('h1', { class: 'title' }, symbolIcon('LOTUS', ''), h('span', {}, gameTitle)),
      h(
        'nav',
        { class: 'nav' },
        navButton(t('info'), openInfo),
        navButton(t('fairness'), () => openFairness()),
        navButton(t('history'), openHistory),
      ),
    ),
    alertBox,
    h(
      'section',
      { class: 'stage' },
      h('div', { class: 'machine' }, h('div', { class: 'reels' }, ...reelElements, paylines), freeBar, banner),
      message,
    ),
    h(
      'footer',
      { class: 'controls' },
      h('div', { class: 'meter' }, h('span', { class: 'meter__label' }, t('balance')), balanceValue),
      h(
        'div',
        { class: 'bet' },
        h('span', { class: 'meter__label' }, t('betPerLine')),
        h('div', { class: 'bet__row' }, lessButton, betValue, moreButton),
        totalBetValue,
      ),
      spinButton,
      h('div', { class: 'meter meter--win' }, h('span', { class: 'meter__label' }, t('win')), winValue),
    ),
  );
}

// ---- reels ------------------------------------------------------------------------------------

function cell(symbol: SlotSymbol): HTMLElement {
  return h('div', { class: 'cell' }, symbolIcon(symbol, symbolName(symbol)));
}

/** Shows a grid at rest (grid[reel][row]). */
function showGrid(grid: readonly (readonly SlotSymbol[])[]) {
  state.showing = grid.map((column) => [...column]);
  cells = grid.map((column, reel) => {
    const columnCells = column.map(cell);
    replace(reelElements[reel]!, h('div', { class: 'reel__strip' }, ...columnCells));
    return columnCells;
  });
}

/** Spins the reels to the given stops: each reel runs its real strip down and lands, left to right. */
async function spinReels(stops: readonly number[]) {
  clearWins();
  const landing = slotGame.reels.map((strip, reel) =>
    [0, 1, 2].map((row) => strip[(stops[reel]! + row) % strip.length]!),
  );
  if (prefersReducedMotion()) {
    showGrid(landing);
    return;
  }
  await Promise.all(
    slotGame.reels.map(async (strip, reel) => {
      const sequence = reelSequence(strip, stops[reel]!, state.showing[reel] ?? landing[reel]!, 9 + reel * 3);
      const stripElement = h('div', { class: 'reel__strip reel__strip--moving' }, ...sequence.map(cell));
      // Sizes and motion set through the CSSOM (allowed under the page's CSP, unlike style attributes).
      stripElement.style.height = `${(sequence.length / 3) * 100}%`;
      stripElement.style.transform = `translateY(${(-(sequence.length - 3) / sequence.length) * 100}%)`;
      replace(reelElements[reel]!, stripElement);
      stripElement.getBoundingClientRect();
      const durationMs = 560 + reel * 120;
      stripElement.style.transition = `transform ${durationMs}ms cubic-bezier(0.22, 0.75, 0.3, 1.06)`;
      stripElement.style.transform = 'translateY(0)';
      await wait(durationMs + 40);
    }),
  );
  showGrid(landing);
}

const lineColours = [
  '#ffd166',
  '#06d6a0',
  '#ef476f',
  '#4cc9f0',
  '#f78c6b',
  '#b5e48c',
  '#c77dff',
  '#ffafcc',
  '#90e0ef',
  '#f9c74f',
];

function clearWins() {
  paylines.replaceChildren();
  root.querySelector('.reels')?.classList.remove('reels--wins');
  for (const column of cells) for (const item of column) item.classList.remove('cell--win');
}

/** Lights up a spin's winning cells and draws its winning lines. */
function showWins(spin: Pick<SlotSpin, 'grid' | 'lineWins' | 'scatterWinMinor'>) {
  clearWins();
  const lit = winningCells(spin);
  if (lit.size === 0) return;
  root.querySelector('.reels')?.classList.add('reels--wins');
  for (const key of lit) {
    const [reel, row] = key.split(':').map(Number);
    cells[reel!]?.[row!]?.classList.add('cell--win');
  }
  for (const win of spin.lineWins) {
    const rows = SLOT_LINES[win.line - 1]!;
    const points = [
      `0,${50 + rows[0]! * 100}`,
      ...rows.map((row, reel) => `${50 + reel * 100},${50 + row * 100}`),
      `500,${50 + rows[4]! * 100}`,
    ].join(' ');
    paylines.appendChild(
      s('polyline', {
        points,
        fill: 'none',
        stroke: lineColours[(win.line - 1) % lineColours.length]!,
        'stroke-width': 4,
        'stroke-linejoin': 'round',
        'vector-effect': 'non-scaling-stroke',
        class: 'payline',
      }),
    );
  }
}

function winLines(spin: SlotSpin): HTMLElement[] {
  const items = spin.lineWins.map((win) =>
    h(
      'li',
      {},
      t('lineWin', { line: win.line, symbol: symbolName(win.symbol), count: win.count, amount: money(win.winMinor) }),
    ),
  );
  if (spin.scatterWinMinor > 0)
    items.push(h('li', {}, t('scatterWin', { count: spin.scatterCount, amount: money(spin.scatterWinMinor) })));
  return items;
}

function say(...children: Array<Node | string>) {
  replace(message, ...children);
}

// ---- playing ----------------------------------------------------------------------------------

function renderMeters() {
  balanceValue.textContent = `${money(state.balance)} ${state.currency}`;
  betValue.textContent = money(betPerLine());
  totalBetValue.textContent = `${t('totalBet')} ${money(totalBet())} · ${t('linesCount', { count: SLOT_LINES.length })}`;
  const isIdle = !state.isSpinning && !state.isClosed && state.betsPerLine.length > 0;
  spinButton.disabled = !isIdle;
  spinButton.classList.toggle('spin--busy', state.isSpinning);
  lessButton.disabled = !isIdle || state.betIndex === 0;
  moreButton.disabled = !isIdle || state.betIndex >= state.betsPerLine.length - 1;
}

function changeBet(step: number) {
  state.betIndex = Math.min(Math.max(state.betIndex + step, 0), state.betsPerLine.length - 1);
  renderMeters();
}

let bannerTimer: ReturnType<typeof setTimeout> | undefined;

function showBanner(title: string, amountMinor: number, tier: string) {
  replace(
    banner,
    h(
      'div',
      { class: `banner__card banner__card--${tier}` },
      h('strong', { class: 'banner__title' }, title),
      h('span', { class: 'banner__amount' }, money(amountMinor)),
    ),
  );
  banner.hidden = false;
  clearTimeout(bannerTimer);
  bannerTimer = setTimeout(hideBanner, 4_000);
}

function hideBanner() {
  banner.hidden = true;
}

async function spin() {
  if (state.isSpinning || state.isClosed) return;
  hideBanner();
  hideAlert();
  state.isSpinning = true;
  renderMeters();
  clearWins();
  winValue.textContent = money(0);
  winValue.classList.remove('meter__value--flash');
  say(t('goodLuck'));
  const reelsElement = root.querySelector('.reels')!;
  reelsElement.classList.add('reels--waiting');
  let answer: SpinAnswer;
  try {
    answer = await callApi<SpinAnswer>('/api/slot/spin', { ...player(), betPerLine: betPerLine() });
  } catch (error) {
    reelsElement.classList.remove('reels--waiting');
    state.isSpinning = false;
    showError(error);
    renderMeters();
    return;
  }
  reelsElement.classList.remove('reels--waiting');
  const { round } = answer;
  state.fairness = answer.nextFairness;
  // The bet is gone while the reels turn; the wins arrive as they are shown.
  state.balance = (BigInt(answer.balance) - BigInt(round.totalWinMinor)).toString();
  renderMeters();

  await spinReels(round.stops);
  showWins(round);
  let shownWinMinor = round.winMinor;
  winValue.textContent = money(shownWinMinor);
  say(
    round.winMinor > 0 ? h('ul', { class: 'wins' }, ...winLines(round)) : round.freeSpins.length > 0 ? '' : t('noWin'),
  );

  if (round.freeSpins.length > 0) {
    await wait(round.winMinor > 0 ? 1_400 : 600);
    showBanner(t('freeSpinsAwarded', { count: round.freeSpinsAwarded }), round.scatterWinMinor, 'free');
    await wait(1_600);
    hideBanner();
    root.classList.add('house--free');
    for (const [index, freeSpin] of round.freeSpins.entries()) {
      replace(
        freeBar,
        h('span', {}, t('freeSpinCounter', { current: index + 1, total: round.freeSpins.length })),
        h('span', { class: 'freebar__multiplier' }, t('multiplier', { multiplier: slotGame.freeSpins.multiplier })),
      );
      freeBar.hidden = false;
      await spinReels(freeSpin.stops);
      showWins(freeSpin);
      shownWinMinor += freeSpin.winMinor;
      winValue.textContent = money(shownWinMinor);
      say(
        freeSpin.winMinor > 0
          ? h('ul', { class: 'wins' }, ...winLines(freeSpin))
          : t('freeSpinsWon', { amount: money(shownWinMinor - round.winMinor) }),
      );
      await wait(freeSpin.winMinor > 0 ? 1_200 : 450);
    }
    say(t('freeSpinsWon', { amount: money(round.totalWinMinor - round.winMinor) }));
    root.classList.remove('house--free');
    freeBar.hidden = true;
  }

  state.balance = answer.balance;
  // A small win is told by the win meter and the line list; the banner over the reels is kept for big ones.
  const tier = winTier(round.totalWinMinor, round.totalBetMinor);
  if (tier === 'big' || tier === 'mega' || round.freeSpins.length > 0)
    showBanner(tier === 'mega' ? t('megaWin') : tier === 'big' ? t('bigWin') : t('youWin'), round.totalWinMinor, tier);
  winValue.classList.toggle('meter__value--flash', tier !== 'none');
  state.isSpinning = false;
  renderMeters();
}

// ---- errors -----------------------------------------------------------------------------------

function hideAlert() {
  alertBox.hidden = true;
}

function errorText(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'NETWORK';
  if (sessionEndedCodes.has(code)) return t('error_SESSION');
  const key = `error_${code}`;
  return t.has(key) ? t(key) : t('error_GENERIC', { code });
}

/** The game cannot go on: the error page replaces it, with the way back to the site's lobby. */
function closeWithErrorPage(code: string, amounts?: { balance: string; minBet: string }) {
  state.isClosed = true;
  hideBanner();
  showErrorPage(root, {
    code,
    lang: launch.lang,
    lobbyUrl: lobbyUrlOf(document.referrer),
    ...(amounts ? { amounts } : {}),
  });
}

function showError(error: unknown) {
  const code = error instanceof ApiError ? error.code : 'NETWORK';
  if (error instanceof ApiError && typeof error.value?.balance === 'string') state.balance = error.value.balance;
  if (sessionEndedCodes.has(code) || code === 'GAME_UNKNOWN') return closeWithErrorPage(code);
  // Too little for even the smallest bet: nothing to play here until the player tops up on the site.
  const minTotalBet = (state.betsPerLine[0] ?? 0) * SLOT_LINES.length;
  if (code === 'INSUFFICIENT_FUNDS' && minTotalBet > 0 && BigInt(state.balance) < BigInt(minTotalBet)) {
    return closeWithErrorPage(code, {
      balance: `${money(state.balance)} ${state.currency}`,
      minBet: `${money(minTotalBet)} ${state.currency}`,
    });
  }
  // The rest leaves the game playable (a lower bet, a retry): a line above the reels says why.
  replace(
    alertBox,
    h('span', {}, errorText(error)),
    code === 'WALLET_UNAVAILABLE'
      ? h('button', { class: 'alert__action', type: 'button', onclick: () => location.reload() }, t('reload'))
      : null,
  );
  alertBox.hidden = false;
}

// ---- panels -----------------------------------------------------------------------------------

function openInfo() {
  const body = h('div', { class: 'info' });
  const lineBet = betPerLine();
  const payRow = (symbol: SlotSymbol, pays: readonly number[], unit: number) =>
    h(
      'tr',
      {},
      h(
        'th',
        { scope: 'row' },
        h('span', { class: 'pay__symbol' }, symbolIcon(symbol, symbolName(symbol)), symbolName(symbol)),
      ),
      ...pays.map((pay) => h('td', {}, h('strong', {}, money(pay * unit)), h('small', {}, `×${pay}`))),
    );
  append(
    body,
    h('h3', {}, t('paytable')),
    h('p', { class: 'note' }, t('paytableNote')),
    h(
      'table',
      { class: 'paytable' },
      h(
        'thead',
        {},
        h('tr', {}, h('th', {}), ...[3, 4, 5].map((n) => h('th', { scope: 'col' }, t('ofAKind', { count: n })))),
      ),
      h(
        'tbody',
        {},
        ...slotGame.paytable.map((entry) => payRow(entry.symbol, entry.pays, lineBet)),
        payRow('SCATTER', slotGame.scatterPays, lineBet * SLOT_LINES.length),
      ),
    ),
    h(
      'ul',
      { class: 'rules' },
      h('li', {}, t('wildRule')),
      h(
        'li',
        {},
        t('scatterRule', {
          three: slotGame.scatterPays[0],
          four: slotGame.scatterPays[1],
          five: slotGame.scatterPays[2],
        }),
      ),
      h(
        'li',
        {},
        t('freeSpinsRule', { count: slotGame.freeSpins.awarded, multiplier: `×${slotGame.freeSpins.multiplier}` }),
      ),
    ),
    h('h3', {}, t('linesTitle')),
    h(
      'ol',
      { class: 'lines' },
      ...SLOT_LINES.map((rows, index) =>
        h(
          'li',
          { class: 'line' },
          h('span', { class: 'line__no' }, String(index + 1)),
          h(
            'span',
            { class: 'line__grid', 'aria-hidden': 'true' },
            ...[0, 1, 2].flatMap((row) => rows.map((lineRow) => h('i', { class: lineRow === row ? 'on' : '' }))),
          ),
        ),
      ),
    ),
    h('h3', {}, t('rtpTitle')),
  );
  const rtpBox = h('div', { class: 'rtp' }, t('loading'));
  body.appendChild(rtpBox);
  const showRtp = (info: SlotInfo) => {
    const { rtp } = info;
    replace(
      rtpBox,
      h(
        'dl',
        { class: 'figures' },
        ...[
          [t('rtp'), percent(rtp.rtp)],
          [t('baseGameRtp'), percent(rtp.baseGameRtp)],
          [t('freeSpinsRtp'), percent(rtp.freeSpinsRtp)],
          [
            t('hitFrequency'),
            `${percent(rtp.hitFrequency)} (${t('oneIn', { count: count(1 / rtp.hitFrequency, 2) })})`,
          ],
          [
            t('triggerChance'),
            `${percent(rtp.freeSpinsTriggerProbability)} (${t('oneIn', { count: count(1 / rtp.freeSpinsTriggerProbability, 1) })})`,
          ],
          [t('spinsPerTrigger'), count(rtp.expectedFreeSpinsPerTrigger, 2)],
        ].flatMap(([term, value]) => [h('dt', {}, term!), h('dd', {}, value!)]),
      ),
      h('p', { class: 'note' }, t('rtpNote', { combinations: count(rtp.combinations) })),
    );
  };
  if (state.info) showRtp(state.info);
  else
    callApi<SlotInfo>('/api/slot/info')
      .then((info) => {
        state.info = info;
        showRtp(info);
      })
      .catch((error: unknown) => replace(rtpBox, errorText(error)));
  openPanel(t('info'), t('close'), body);
}

const field = (label: string, input: HTMLElement) =>
  h('label', { class: 'field' }, h('span', { class: 'field__label' }, label), input);
const code = (text: string) => h('code', { class: 'hash', title: text }, text);

/** A played round to recompute: the Fairness panel opens with its seeds, nonce and line bet filled in. */
interface VerifyRequest {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  betPerLine: number;
}

function openFairness(request?: VerifyRequest) {
  const body = h('div', { class: 'fair' });
  const seedsBox = h('div');
  const feedback = h('p', { class: 'feedback', 'aria-live': 'polite' });
  const seedInput = h('input', {
    class: 'input',
    name: 'clientSeed',
    maxlength: 64,
    autocomplete: 'off',
    spellcheck: 'false',
  });

  const renderSeeds = () => {
    const seeds = state.fairness;
    if (!seeds) return replace(seedsBox, t('loading'));
    seedInput.value = seeds.clientSeed;
    replace(
      seedsBox,
      h(
        'dl',
        { class: 'figures figures--wide' },
        h('dt', {}, t('serverSeedHash')),
        h('dd', {}, code(seeds.serverSeedHash)),
        h('dt', {}, t('nextNonce')),
        h('dd', {}, String(seeds.nextNonce)),
      ),
      h(
        'form',
        { class: 'inline-form', onsubmit: (event) => void saveSeed(event) },
        field(t('clientSeed'), seedInput),
        h(
          'div',
          { class: 'inline-form__actions' },
          h(
            'button',
            { class: 'button', type: 'button', onclick: () => (seedInput.value = newClientSeed()) },
            t('randomSeed'),
          ),
          h('button', { class: 'button button--gold', type: 'submit' }, t('saveSeed')),
        ),
      ),
      feedback,
      h('h3', {}, t('previousSeed')),
      seeds.previous
        ? h(
            'dl',
            { class: 'figures figures--wide' },
            h('dt', {}, t('serverSeed')),
            h('dd', {}, code(seeds.previous.serverSeed)),
            h('dt', {}, t('previousSeedHash')),
            h('dd', {}, code(seeds.previous.serverSeedHash)),
          )
        : h('p', { class: 'note' }, t('noPreviousSeed')),
      h('button', { class: 'button', type: 'button', onclick: () => void rotate() }, t('rotate')),
      h('p', { class: 'note' }, t('rotateNote')),
    );
    verifyServerSeed.value ||= seeds.previous?.serverSeed ?? '';
    verifyClientSeed.value ||= seeds.clientSeed;
  };

  const saveSeed = async (event: Event) => {
    event.preventDefault();
    try {
      state.fairness = await callApi<PublicSeeds>('/api/slot/client-seed', {
        ...player(),
        clientSeed: seedInput.value.trim(),
      });
      renderSeeds();
      feedback.textContent = t('seedSaved');
    } catch (error) {
      feedback.textContent = errorText(error);
    }
  };
  const rotate = async () => {
    try {
      state.fairness = await callApi<PublicSeeds>('/api/slot/rotate-seed', player());
      verifyServerSeed.value = state.fairness.previous?.serverSeed ?? '';
      renderSeeds();
    } catch (error) {
      feedback.textContent = errorText(error);
    }
  };

  const verifyServerSeed = h('input', { class: 'input', name: 'serverSeed', autocomplete: 'off', spellcheck: 'false' });
  const verifyClientSeed = h('input', {
    class: 'input',
    name: 'verifyClientSeed',
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const verifyNonce = h('input', {
    class: 'input',
    name: 'nonce',
    type: 'number',
    min: 0,
    step: 1,
    value: request?.nonce ?? 0,
    inputmode: 'numeric',
  });
  const verifyBet = h(
    'select',
    { class: 'input', name: 'betPerLine' },
    ...state.betsPerLine.map((bet) =>
      h('option', { value: bet, selected: bet === (request?.betPerLine ?? betPerLine()) }, money(bet)),
    ),
  );
  const verifyResult = h('div', { class: 'verify-result', 'aria-live': 'polite' });
  const onVerify = (event: Event) => {
    event.preventDefault();
    const serverSeed = verifyServerSeed.value.trim();
    const clientSeed = verifyClientSeed.value.trim();
    const nonce = Number(verifyNonce.value);
    if (!serverSeed || !clientSeed || !Number.isSafeInteger(nonce) || nonce < 0)
      return replace(verifyResult, h('p', { class: 'feedback' }, t('verifyInvalid')));
    const round = spinSlot({ serverSeed, clientSeed, nonce }, Number(verifyBet.value));
    const hash = hashServerSeed(serverSeed);
    const known = hash === state.fairness?.previous?.serverSeedHash;
    replace(
      verifyResult,
      h(
        'p',
        { class: known ? 'feedback feedback--ok' : 'feedback' },
        known ? `✓ ${t('hashMatches')}` : t('hashUnknown', { hash: shortHash(hash) }),
      ),
      h(
        'dl',
        { class: 'figures' },
        h('dt', {}, t('stops')),
        h('dd', {}, round.stops.join(', ')),
        h('dt', {}, t('totalWin')),
        h('dd', {}, money(round.totalWinMinor)),
        ...(round.freeSpins.length > 0
          ? [
              h('dt', {}, t('freeSpinsPlayed', { count: round.freeSpins.length })),
              h('dd', {}, round.freeSpins.map((spin) => spin.stops.join('-')).join(' · ')),
            ]
          : []),
      ),
      miniGrid(round.grid),
      round.lineWins.length > 0 ? h('ul', { class: 'wins wins--list' }, ...winLines(round)) : null,
    );
  };

  append(
    body,
    h('p', { class: 'note' }, t('fairNote')),
    seedsBox,
    h('h3', {}, t('verifyTitle')),
    h(
      'form',
      { class: 'verify', onsubmit: onVerify },
      field(t('serverSeed'), verifyServerSeed),
      field(t('clientSeed'), verifyClientSeed),
      h('div', { class: 'verify__row' }, field(t('nonce'), verifyNonce), field(t('betPerLine'), verifyBet)),
      h('button', { class: 'button button--gold', type: 'submit' }, t('verify')),
    ),
    verifyResult,
  );
  if (request) {
    verifyServerSeed.value = request.serverSeed;
    verifyClientSeed.value = request.clientSeed;
  }
  renderSeeds();
  openPanel(t('fairness'), t('close'), body);
  if (request) onVerify(new Event('submit'));
}

function miniGrid(grid: readonly (readonly SlotSymbol[])[]): HTMLElement {
  return h(
    'div',
    { class: 'mini-grid' },
    ...[0, 1, 2].flatMap((row) =>
      grid.map((column) => h('span', { class: 'mini-grid__cell' }, symbolIcon(column[row]!, symbolName(column[row]!)))),
    ),
  );
}

/** Rounds of a revealed seed can be recomputed from the history; the current seed's only after a rotation. */
function verifyButton(round: StoredRound): HTMLElement | null {
  const previous = state.fairness?.previous;
  if (!previous || previous.serverSeedHash !== round.server_seed_hash) return null;
  const request = {
    serverSeed: previous.serverSeed,
    clientSeed: round.client_seed,
    nonce: round.nonce,
    betPerLine: round.outcome.betPerLineMinor,
  };
  const onVerify = () => {
    closeHistory?.();
    openFairness(request);
  };
  return h('button', { class: 'button button--small', type: 'button', onclick: onVerify }, t('verify'));
}

let closeHistory: (() => void) | null = null;

function openHistory() {
  const body = h('div', { class: 'history' }, t('loading'));
  callApi<{ rounds: StoredRound[] }>('/api/slot/history', player())
    .then(({ rounds }) => {
      if (rounds.length === 0) return replace(body, h('p', { class: 'note' }, t('historyEmpty')));
      replace(
        body,
        h(
          'table',
          { class: 'table' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ...[t('time'), t('bet'), t('win'), t('nonce'), t('status'), ''].map((label) =>
                h('th', { scope: 'col' }, label),
              ),
            ),
          ),
          h(
            'tbody',
            {},
            ...rounds.map((round) =>
              h(
                'tr',
                { class: BigInt(round.total_win) > 0n ? 'is-win' : '' },
                h('td', {}, formatDateTime(new Date(round.created_at).getTime())),
                h('td', { class: 'num' }, money(round.total_bet)),
                h('td', { class: 'num' }, money(round.total_win)),
                h('td', { class: 'num', title: round.server_seed_hash }, String(round.nonce)),
                h('td', {}, t(`status_${round.status}`)),
                h('td', {}, verifyButton(round)),
              ),
            ),
          ),
        ),
      );
    })
    .catch((error: unknown) => replace(body, errorText(error)));
  closeHistory = openPanel(t('history'), t('close'), body).close;
}

// ---- start ------------------------------------------------------------------------------------

async function start() {
  document.documentElement.lang = launch.lang;
  document.title = gameTitle;
  layout();
  showGrid(slotGame.reels.map((strip, reel) => [0, 1, 2].map((row) => strip[(reel * 7 + row) % strip.length]!)));
  renderMeters();
  document.addEventListener('keydown', (event) => {
    if (document.querySelector('.backdrop') || !isSpinKey(event, (event.target as Element | null)?.tagName ?? 'BODY'))
      return;
    event.preventDefault();
    if (!banner.hidden) hideBanner();
    void spin();
  });
  try {
    const session = await callApi<SessionAnswer>('/api/slot/session', player());
    state.balance = session.balance;
    state.currency = session.currency;
    state.fairness = session.fairness;
    state.betsPerLine = session.betsPerLine;
    const last = session.lastRound;
    const lastBet = last?.outcome.betPerLineMinor;
    state.betIndex = Math.max(0, lastBet ? session.betsPerLine.indexOf(lastBet) : 0);
    if (last) showGrid(last.outcome.grid);
    // A voided round was never charged nor paid: its reels come back, its wins do not.
    if (last && last.status !== 'voided') {
      showWins(last.outcome);
      say(t('lastRound', { amount: money(last.total_win) }));
    } else {
      say(t('goodLuck'));
    }
  } catch (error) {
    // Without its session the game cannot start: whatever the answer, the error page says why.
    const code = error instanceof ApiError ? error.code : 'NETWORK';
    closeWithErrorPage(code);
    return;
  }
  renderMeters();
}

void start();
