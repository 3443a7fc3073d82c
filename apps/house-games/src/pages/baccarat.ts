/// <reference lib="dom" />
// The baccarat table's page: the live round pushed over a websocket (phase, countdown, cards,
// result, roads), the player's bets collected as chips and sent in one call, and the Fairness
// panel that re-deals any past round from revealed seeds with @lotus/fair.
import { dealBaccarat, hashServerSeed, type BaccaratBet, type BaccaratOutcome, type Card } from '@lotus/fair';
import {
  addChip,
  betsTotal,
  cardFace,
  chipLabel,
  oddsLabel,
  reconnectDelayMs,
  secondsLeft,
  type Bets,
} from './baccarat-play.ts';
import type { TableState } from '../games/baccarat/baccarat-table.ts';
import { tableRoads } from './baccarat-roads.ts';
import {
  ApiError,
  append,
  callApi,
  formatMoney,
  h,
  lobbyUrlOf,
  openPanel,
  prefersReducedMotion,
  readLaunch,
  replace,
  sessionEndedCodes,
  shortHash,
} from './page-kit.ts';
import { showErrorPage } from './page-error.ts';
import { baccaratTexts, commonTexts, translator } from './page-texts.ts';

/** What the table pushes (the server's own types: money here is numbers, no bigint on this wire). */
type TableMessage =
  | { type: 'state'; state: TableState }
  | { type: 'bets'; roundId: string; totals: Bets }
  | { type: 'me'; balance: string; payout: string | null; bets: Bets; currency?: string };

const root = document.getElementById('game')!;
const launch = readLaunch(new URL(location.href), root.dataset.gameId ?? '');
const t = translator(launch.lang, commonTexts, baccaratTexts);
const money = (minor: string | number | bigint) => formatMoney(minor, launch.lang);
const player = () => ({ token: launch.token, gameId: launch.gameId, currency: launch.currency });
const spotOrder: readonly BaccaratBet[] = ['PLAYER_PAIR', 'PLAYER', 'TIE', 'BANKER', 'BANKER_PAIR'];
// The platform's catalogue names the table (the launch's `name`, in the player's language), as the site does.
const gameTitle = launch.gameName || t('title');

const state = {
  table: null as TableState | null,
  /** Server clock minus local clock, from the last state's serverNow. */
  serverOffsetMs: 0,
  balance: null as string | null,
  currency: launch.currency,
  myBets: {} as Bets,
  slip: {} as Bets,
  totals: {} as Bets,
  payout: null as string | null,
  chip: 0,
  isSending: false,
  isClosed: false,
  /** Which round's cards are on the table (so a repeated state does not deal them again). */
  dealtKey: '',
};
const round = () => state.table?.round ?? null;
const isBetting = () =>
  round()?.phase === 'betting' && secondsLeft(round()!.bettingClosesAt, Date.now(), state.serverOffsetMs) > 0;

// ---- the page's parts -----------------------------------------------------------------------

const roundLabel = h('span', { class: 'round-no' });
const phaseLabel = h('span', { class: 'phase' });
const countdown = h('span', { class: 'countdown', 'aria-live': 'off' });
const countdownBar = h('span', { class: 'countdown-bar__fill' });
const balanceValue = h('output', { class: 'meter__value' }, '—');
const alertBox = h('div', { class: 'alert', role: 'alert', hidden: true });
const message = h('div', { class: 'message', 'aria-live': 'polite' }, t('waitingTable'));
const hands = { PLAYER: h('div', { class: 'hand__cards' }), BANKER: h('div', { class: 'hand__cards' }) };
const handTotals = { PLAYER: h('span', { class: 'hand__total' }), BANKER: h('span', { class: 'hand__total' }) };
const resultBanner = h('div', { class: 'result', hidden: true });
const spots = new Map<
  BaccaratBet,
  { element: HTMLButtonElement; mine: HTMLElement; pending: HTMLElement; total: HTMLElement }
>();
const chipRack = h('div', { class: 'chips', role: 'radiogroup', 'aria-label': t('chips') });
const clearButton = h('button', { class: 'button', type: 'button', onclick: () => onClear() }, t('clear'));
const confirmButton = h(
  'button',
  { class: 'button button--gold', type: 'button', onclick: () => void onConfirm() },
  t('confirm', { amount: money(0) }),
);
const beadBoard = h('div', { class: 'road road--bead', role: 'img', 'aria-label': t('beadPlate') });
const bigBoard = h('div', { class: 'road road--big', role: 'img', 'aria-label': t('bigRoad') });

function layout() {
  for (const spot of spotOrder) {
    const mine = h('span', { class: 'spot__mine' });
    const pending = h('span', { class: 'spot__pending' });
    const total = h('span', { class: 'spot__total' });
    const element = h(
      'button',
      { class: `spot spot--${spot.toLowerCase().replace('_', '-')}`, type: 'button', onclick: () => onSpot(spot) },
      h('span', { class: 'spot__name' }, t(`bet_${spot}`)),
      h('span', { class: 'spot__odds' }, t('pays', { odds: oddsLabel(spot) })),
      mine,
      pending,
      total,
    );
    spots.set(spot, { element, mine, pending, total });
  }
  const hand = (side: 'PLAYER' | 'BANKER') =>
    h(
      'div',
      { class: `hand hand--${side.toLowerCase()}` },
      h(
        'div',
        { class: 'hand__head' },
        h('span', { class: 'hand__name' }, side === 'PLAYER' ? t('player') : t('banker')),
        handTotals[side],
      ),
      hands[side],
    );
  replace(
    root,
    h(
      'header',
      { class: 'top' },
      h(
        'h1',
        { class: 'title' },
        h('span', { class: 'title__mark', 'aria-hidden': 'true' }, '♦'),
        h('span', {}, gameTitle),
        roundLabel,
      ),
      h(
        'nav',
        { class: 'nav' },
        h('button', { class: 'nav__button', type: 'button', onclick: openFairness }, t('fairness')),
      ),
    ),
    alertBox,
    h(
      'section',
      { class: 'status' },
      phaseLabel,
      h('span', { class: 'countdown-bar', 'aria-hidden': 'true' }, countdownBar),
      countdown,
      h('div', { class: 'meter' }, h('span', { class: 'meter__label' }, t('balance')), balanceValue),
    ),
    h(
      'section',
      { class: 'felt' },
      h('div', { class: 'hands' }, hand('PLAYER'), h('span', { class: 'hands__vs' }, 'VS'), hand('BANKER')),
      resultBanner,
    ),
    h('section', { class: 'spots' }, ...spotOrder.map((spot) => spots.get(spot)!.element)),
    h('section', { class: 'rack' }, chipRack, h('div', { class: 'rack__actions' }, clearButton, confirmButton)),
    message,
    h(
      'section',
      { class: 'roads' },
      h('figure', { class: 'road-box' }, h('figcaption', {}, t('beadPlate')), beadBoard),
      h('figure', { class: 'road-box road-box--big' }, h('figcaption', {}, t('bigRoad')), bigBoard),
    ),
  );
}

// ---- rendering --------------------------------------------------------------------------------

function renderChips() {
  const chips = state.table?.limits.chips ?? [];
  if (!chips.includes(state.chip)) state.chip = chips[0] ?? 0;
  replace(
    chipRack,
    ...chips.map((chip, index) =>
      h(
        'button',
        {
          class: `chip chip--${index}${chip === state.chip ? ' chip--on' : ''}`,
          type: 'button',
          role: 'radio',
          'aria-checked': String(chip === state.chip),
          'aria-label': t('chip', { amount: money(chip) }),
          onclick: () => ((state.chip = chip), renderChips()),
        },
        chipLabel(chip),
      ),
    ),
  );
}

function renderSpots() {
  const outcome = round()?.phase === 'settled' ? round()!.outcome : null;
  for (const [spot, parts] of spots) {
    const mine = state.myBets[spot] ?? 0;
    const pending = state.slip[spot] ?? 0;
    const total = state.totals[spot] ?? 0;
    parts.mine.textContent = mine > 0 ? `${t('yourBet')} ${money(mine)}` : '';
    parts.pending.textContent = pending > 0 ? `+${money(pending)}` : '';
    parts.total.textContent = total > 0 ? `${t('tableTotal')} ${money(total)}` : '';
    parts.element.classList.toggle('spot--has-bet', mine > 0 || pending > 0);
    parts.element.classList.toggle('spot--won', Boolean(outcome && isWinningSpot(spot, outcome)));
    parts.element.disabled = state.isClosed || !isBetting();
  }
  const slipTotal = betsTotal(state.slip);
  confirmButton.textContent = t('confirm', { amount: money(slipTotal) });
  confirmButton.disabled = slipTotal === 0 || state.isSending || !isBetting();
  clearButton.disabled = slipTotal === 0 || state.isSending;
}

function isWinningSpot(spot: BaccaratBet, outcome: BaccaratOutcome): boolean {
  if (spot === 'PLAYER_PAIR') return outcome.playerPair;
  if (spot === 'BANKER_PAIR') return outcome.bankerPair;
  return outcome.result === spot;
}

function renderBalance() {
  balanceValue.textContent = state.balance === null ? '—' : `${money(state.balance)} ${state.currency}`;
}

function cardElement(card: Card, order: number, isAnimated: boolean): HTMLElement {
  const face = cardFace(card);
  const element = h(
    'span',
    {
      class: `card${face.isRed ? ' card--red' : ''}${isAnimated ? ' card--dealt' : ''}`,
      role: 'img',
      'aria-label': `${face.rank}${face.suit}`,
    },
    h('span', { class: 'card__rank' }, face.rank),
    h('span', { class: 'card__suit' }, face.suit),
    h('span', { class: 'card__pip', 'aria-hidden': 'true' }, face.suit),
  );
  // Cards come out in the dealing order; the delay is set through the CSSOM (the CSP forbids style attributes).
  if (isAnimated) element.style.animationDelay = `${order * 450}ms`;
  return element;
}

/** Deal order: player, banker, player, banker, then the player's third card, then the banker's. */
function dealOrder(outcome: BaccaratOutcome) {
  const player = outcome.playerCards.map((_, index) => (index < 2 ? index * 2 : 4));
  const banker = outcome.bankerCards.map((_, index) =>
    index < 2 ? index * 2 + 1 : outcome.playerCards.length === 3 ? 5 : 4,
  );
  return { player, banker, last: Math.max(...player, ...banker) };
}

function renderCards() {
  const current = round();
  const outcome = current?.outcome ?? null;
  const key = current && outcome ? current.roundId : '';
  if (key === state.dealtKey) return;
  const isAnimated = Boolean(outcome) && current?.phase === 'dealing' && !prefersReducedMotion();
  state.dealtKey = key;
  if (!outcome) {
    replace(hands.PLAYER);
    replace(hands.BANKER);
    handTotals.PLAYER.textContent = '';
    handTotals.BANKER.textContent = '';
    return;
  }
  const order = dealOrder(outcome);
  replace(
    hands.PLAYER,
    ...outcome.playerCards.map((card, index) => cardElement(card, order.player[index]!, isAnimated)),
  );
  replace(
    hands.BANKER,
    ...outcome.bankerCards.map((card, index) => cardElement(card, order.banker[index]!, isAnimated)),
  );
  handTotals.PLAYER.textContent = String(outcome.playerTotal);
  handTotals.BANKER.textContent = String(outcome.bankerTotal);
  for (const total of [handTotals.PLAYER, handTotals.BANKER]) {
    total.classList.toggle('hand__total--late', isAnimated);
    if (isAnimated) total.style.animationDelay = `${(order.last + 1) * 450}ms`;
  }
}

function renderResult() {
  const current = round();
  const outcome = current?.phase === 'settled' ? current.outcome : null;
  if (!outcome) {
    resultBanner.hidden = true;
    return;
  }
  const pairs = [outcome.playerPair ? t('bet_PLAYER_PAIR') : null, outcome.bankerPair ? t('bet_BANKER_PAIR') : null]
    .filter(Boolean)
    .join(', ');
  const hadBets = betsTotal(state.myBets) > 0;
  replace(
    resultBanner,
    h(
      'strong',
      { class: `result__title result__title--${outcome.result.toLowerCase()}` },
      t(`result_${outcome.result}`),
    ),
    h('span', { class: 'result__score' }, `${outcome.playerTotal} : ${outcome.bankerTotal}`),
    pairs ? h('span', { class: 'result__pairs' }, t('pairs', { sides: pairs })) : null,
    state.payout !== null && hadBets
      ? h(
          'span',
          { class: BigInt(state.payout) > 0n ? 'result__payout result__payout--win' : 'result__payout' },
          BigInt(state.payout) > 0n ? t('youReceived', { amount: money(state.payout) }) : t('youLost'),
        )
      : null,
  );
  resultBanner.hidden = false;
}

function renderRoads() {
  const history = state.table?.history ?? [];
  const narrow = root.clientWidth < 640;
  const roads = tableRoads(history, { bead: narrow ? 10 : 12, big: narrow ? 18 : 30 });
  const board = (element: HTMLElement, road: { columns: number; rows: number }, cells: HTMLElement[]) => {
    element.style.gridTemplateColumns = `repeat(${road.columns}, 1fr)`;
    element.style.gridTemplateRows = `repeat(${road.rows}, 1fr)`;
    replace(element, ...cells);
  };
  const place = (element: HTMLElement, column: number, row: number) => {
    element.style.gridColumn = String(column + 1);
    element.style.gridRow = String(row + 1);
    return element;
  };
  const pairMarks = (cell: { playerPair: boolean; bankerPair: boolean }) => [
    cell.bankerPair ? h('i', { class: 'mark mark--banker' }) : null,
    cell.playerPair ? h('i', { class: 'mark mark--player' }) : null,
  ];
  board(
    beadBoard,
    roads.bead,
    roads.bead.cells.map((cell) =>
      place(
        h('span', { class: `bead bead--${cell.result.toLowerCase()}` }, t(`bead_${cell.result}`), ...pairMarks(cell)),
        cell.column,
        cell.row,
      ),
    ),
  );
  board(
    bigBoard,
    roads.big,
    roads.big.cells.map((cell) =>
      place(
        h(
          'span',
          { class: `ring ring--${cell.result.toLowerCase()}` },
          cell.ties > 0 ? h('i', { class: 'ring__tie' }, cell.ties > 1 ? String(cell.ties) : '') : null,
          ...pairMarks(cell),
        ),
        cell.column,
        cell.row,
      ),
    ),
  );
}

function renderStatus() {
  const current = round();
  roundLabel.textContent = current ? t('round', { roundNo: current.roundNo }) : '';
  phaseLabel.textContent = current ? t(`phase_${current.phase}`) : t('waitingTable');
  phaseLabel.className = `phase phase--${current?.phase ?? 'waiting'}`;
  tick();
}

/** The countdown, every quarter second, on the server's clock. */
function tick() {
  const current = round();
  const isOpen = current?.phase === 'betting';
  const seconds = isOpen ? secondsLeft(current.bettingClosesAt, Date.now(), state.serverOffsetMs) : 0;
  countdown.textContent = isOpen ? String(seconds) : '';
  countdown.classList.toggle('countdown--hurry', isOpen && seconds <= 5);
  const remainingMs = isOpen ? Math.max(0, current.bettingClosesAt - (Date.now() + state.serverOffsetMs)) : 0;
  countdownBar.style.width = `${Math.min(100, (remainingMs / bettingWindowMs) * 100)}%`;
  // The spots close by the clock, before the server's next state says so.
  if (wasBetting !== isBetting()) {
    wasBetting = isBetting();
    renderSpots();
  }
}

let wasBetting = false;

/** The longest betting window seen, for the countdown bar (the server's default is 15 s). */
let bettingWindowMs = 15_000;

function render() {
  renderStatus();
  renderCards();
  renderResult();
  renderSpots();
  renderBalance();
  renderRoads();
}

// ---- table messages ---------------------------------------------------------------------------

function onMessage(event: TableMessage) {
  if (event.type === 'state') {
    const previous = round();
    state.table = event.state;
    state.serverOffsetMs = event.state.serverNow - Date.now();
    const current = event.state.round;
    if (current && current.roundId !== previous?.roundId) {
      state.myBets = {};
      state.slip = {};
      state.totals = {};
      state.payout = null;
      if (current.phase === 'betting')
        bettingWindowMs = Math.max(bettingWindowMs, current.bettingClosesAt - event.state.serverNow);
    }
    if (current?.phase === 'betting') say(t('placeBets'));
    else if (current?.phase === 'dealing') say(betsTotal(state.slip) > 0 ? t('betsClosed') : '');
    if (current?.phase !== 'betting') state.slip = {};
    renderChips();
    render();
  } else if (event.type === 'bets') {
    if (event.roundId === round()?.roundId) {
      state.totals = event.totals;
      renderSpots();
    }
  } else {
    state.balance = event.balance;
    if (event.currency) state.currency = event.currency;
    // After settlement the server sends what the round paid; the round's bets stay on show until the next round.
    if (event.payout === null) state.myBets = event.bets;
    else state.payout = event.payout;
    renderBalance();
    renderSpots();
    renderResult();
  }
}

let attempt = 0;

function connect() {
  const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/baccarat/ws`);
  socket.addEventListener('open', () => {
    attempt = 0;
    hideAlert();
    socket.send(JSON.stringify({ type: 'join', ...player() }));
  });
  socket.addEventListener('message', (event: MessageEvent<string>) => {
    try {
      onMessage(JSON.parse(event.data) as TableMessage);
    } catch {
      // A message this page does not understand is ignored; the next state replaces everything.
    }
  });
  socket.addEventListener('close', (event) => {
    // The server closes with 1008 and the reason when it will not seat this player: do not retry those.
    if (event.code === 1008 && event.reason !== 'WALLET_UNAVAILABLE') {
      showError(new ApiError(event.reason || 'INVALID_SESSION'));
      return;
    }
    showAlert(t('reconnecting'), false);
    setTimeout(connect, reconnectDelayMs(attempt));
    attempt += 1;
  });
}

// ---- betting ----------------------------------------------------------------------------------

function say(text: string) {
  message.textContent = text;
}

function onSpot(spot: BaccaratBet) {
  const table = state.table;
  if (!table || !isBetting()) return say(t('betsClosed'));
  const added = addChip(state.slip, spot, state.chip, {
    confirmed: state.myBets,
    limits: table.limits,
    balanceMinor: BigInt(state.balance ?? '0'),
  });
  if (!added.ok)
    return say(
      added.reason === 'OVER_LIMIT'
        ? t('error_OVER_LIMIT', { amount: money(table.limits.maxMinor) })
        : t('error_OVER_BALANCE'),
    );
  state.slip = added.slip;
  renderSpots();
}

function onClear() {
  state.slip = {};
  renderSpots();
}

async function onConfirm() {
  const current = round();
  if (!current || betsTotal(state.slip) === 0 || state.isSending) return;
  state.isSending = true;
  renderSpots();
  try {
    const placed = await callApi<{ balance: string; bets: Bets }>('/api/baccarat/bet', {
      ...player(),
      roundId: current.roundId,
      bets: state.slip,
    });
    state.balance = placed.balance;
    state.myBets = placed.bets;
    state.slip = {};
    say(t('betPlaced'));
    hideAlert();
  } catch (error) {
    showError(error);
  }
  state.isSending = false;
  renderBalance();
  renderSpots();
}

// ---- errors -----------------------------------------------------------------------------------

function errorText(error: unknown): string {
  const code = error instanceof ApiError ? error.code : 'NETWORK';
  if (sessionEndedCodes.has(code)) return t('error_SESSION');
  const key = `error_${code}`;
  return t.has(key) ? t(key) : t('error_GENERIC', { code });
}

function showAlert(text: string, isFatal: boolean) {
  replace(alertBox, h('span', {}, text));
  alertBox.classList.toggle('alert--fatal', isFatal);
  alertBox.hidden = false;
}

function hideAlert() {
  alertBox.hidden = true;
}

function showError(error: unknown) {
  const code = error instanceof ApiError ? error.code : 'NETWORK';
  if (error instanceof ApiError && typeof error.value?.balance === 'string') state.balance = error.value.balance;
  if (code === 'BETTING_CLOSED') return say(t('error_BETTING_CLOSED'));
  // The table cannot seat this player any more: the error page replaces it, with the way back to the lobby.
  if (sessionEndedCodes.has(code) || code === 'GAME_UNKNOWN' || code === 'INVALID_REQUEST') {
    state.isClosed = true;
    showErrorPage(root, { code, lang: launch.lang, lobbyUrl: lobbyUrlOf(document.referrer) });
    return;
  }
  showAlert(errorText(error), false);
}

// ---- fairness ---------------------------------------------------------------------------------

const field = (label: string, input: HTMLElement) =>
  h('label', { class: 'field' }, h('span', { class: 'field__label' }, label), input);
const code = (text: string) => h('code', { class: 'hash', title: text }, text);

function openFairness() {
  const table = state.table;
  const current = round();
  const body = h('div', { class: 'fair' });
  const previous = table?.seeds.previous ?? null;
  const serverSeedInput = h('input', {
    class: 'input',
    name: 'serverSeed',
    autocomplete: 'off',
    spellcheck: 'false',
    value: previous?.serverSeed ?? '',
  });
  const clientSeedInput = h('input', {
    class: 'input',
    name: 'clientSeed',
    autocomplete: 'off',
    spellcheck: 'false',
    value: current?.clientSeed ?? table?.seeds.clientSeed ?? '',
  });
  const nonceInput = h('input', {
    class: 'input',
    name: 'nonce',
    type: 'number',
    min: 0,
    step: 1,
    value: 0,
    inputmode: 'numeric',
  });
  const result = h('div', { class: 'verify-result', 'aria-live': 'polite' });
  const onVerify = (event: Event) => {
    event.preventDefault();
    const serverSeed = serverSeedInput.value.trim();
    const clientSeed = clientSeedInput.value.trim();
    const nonce = Number(nonceInput.value);
    if (!serverSeed || !clientSeed || !Number.isSafeInteger(nonce) || nonce < 0)
      return replace(result, h('p', { class: 'feedback' }, t('verifyInvalid')));
    const outcome = dealBaccarat({ serverSeed, clientSeed, nonce });
    const hash = hashServerSeed(serverSeed);
    const isKnown = hash === previous?.serverSeedHash;
    const side = (name: string, cards: Card[], total: number) =>
      h(
        'div',
        { class: 'hand hand--small' },
        h(
          'div',
          { class: 'hand__head' },
          h('span', { class: 'hand__name' }, name),
          h('span', { class: 'hand__total' }, String(total)),
        ),
        h('div', { class: 'hand__cards' }, ...cards.map((card, index) => cardElement(card, index, false))),
      );
    replace(
      result,
      h(
        'p',
        { class: isKnown ? 'feedback feedback--ok' : 'feedback' },
        isKnown ? `✓ ${t('hashMatches')}` : t('hashUnknown', { hash: shortHash(hash) }),
      ),
      h(
        'div',
        { class: 'hands hands--small' },
        side(t('player'), outcome.playerCards, outcome.playerTotal),
        side(t('banker'), outcome.bankerCards, outcome.bankerTotal),
      ),
      h('p', { class: `result__title result__title--${outcome.result.toLowerCase()}` }, t(`result_${outcome.result}`)),
    );
  };
  append(
    body,
    h('p', { class: 'note' }, t('tableFairNote')),
    h(
      'dl',
      { class: 'figures figures--wide' },
      h('dt', {}, t('serverSeedHash')),
      h('dd', {}, code(current?.serverSeedHash ?? table?.seeds.serverSeedHash ?? '—')),
      h('dt', {}, t('clientSeed')),
      h('dd', {}, code(current?.clientSeed ?? table?.seeds.clientSeed ?? '—')),
      h('dt', {}, t('roundNonce')),
      h('dd', {}, current ? String(current.nonce) : '—'),
    ),
    h('h3', {}, t('previousSeed')),
    previous
      ? h(
          'dl',
          { class: 'figures figures--wide' },
          h('dt', {}, t('serverSeed')),
          h('dd', {}, code(previous.serverSeed)),
          h('dt', {}, t('previousSeedHash')),
          h('dd', {}, code(previous.serverSeedHash)),
        )
      : h('p', { class: 'note' }, t('noPreviousSeed')),
    h('h3', {}, t('verifyTitle')),
    h(
      'form',
      { class: 'verify', onsubmit: onVerify },
      field(t('serverSeed'), serverSeedInput),
      field(t('clientSeed'), clientSeedInput),
      h('div', { class: 'verify__row' }, field(t('nonce'), nonceInput)),
      h('button', { class: 'button button--gold', type: 'submit' }, t('verify')),
    ),
    result,
  );
  openPanel(t('fairness'), t('close'), body);
}

// ---- start ------------------------------------------------------------------------------------

document.documentElement.lang = launch.lang;
document.title = gameTitle;
layout();
render();
setInterval(tick, 250);
addEventListener('resize', () => renderRoads());
connect();
