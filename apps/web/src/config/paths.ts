/**
 * Every URL of the member site (spec §2), in one typed object. Components build links from here,
 * never from string literals, so a renamed route is one edit.
 */
export type LobbyKey = 'rng' | 'inhouse' | 'bingo' | 'fish' | 'live' | 'pvp' | 'lv155games';
export type CategoryPageKey = 'cockfight' | 'sports' | 'esports' | 'elott';

const withQuery = (path: string, query: Record<string, string | undefined>): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
};

export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** Old and alternative addresses of the home page (spec §2). */
  homeAliases: ['/index', '/index.html', '/home'],
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  registerHtml: { path: '/register.html' },
  notice: { path: '/noticePage', getHref: () => '/noticePage' },
  vip: { path: '/vip', getHref: () => '/vip' },
  pointMall: { path: '/pointMall', getHref: () => '/pointMall' },
  /** The lottery's lobby, a game (`?gameCode=`), or the member's lottery bets (`?view=bets`). */
  lottery: {
    paths: ['/lottery', '/vnlottery', '/seaLottery'],
    getHref: (view?: 'bets') => (view ? withQuery('/lottery', { view }) : '/lottery'),
  },
  lobby: {
    keys: ['rng', 'inhouse', 'bingo', 'fish', 'live', 'pvp', 'lv155games'] as const satisfies readonly LobbyKey[],
    getHref: (key: LobbyKey, vassalage?: string) => withQuery(`/${key}`, { page: vassalage }),
  },
  category: {
    keys: ['cockfight', 'sports', 'esports', 'elott'] as const satisfies readonly CategoryPageKey[],
    getHref: (key: CategoryPageKey) => `/${key}`,
  },
  promotions: { path: '/promotions', getHref: () => '/promotions' },
  promoDetail: { path: '/promoDetail', getHref: (id: string) => withQuery('/promoDetail', { id }) },
  seamless: { path: '/seamless', getHref: () => '/seamless' },
  help: { path: '/help', getHref: (tag?: string) => (tag ? `/help#${encodeURIComponent(tag)}` : '/help') },
  helpBare: { path: '/helpmc', getHref: (tag?: string) => (tag ? `/helpmc#${encodeURIComponent(tag)}` : '/helpmc') },
  /**
   * The terms and rules (the help topic `rules`; a merchant without it gets its first topic): on the
   * bare help page, which opens without a login even under loginedToHomePage and suits a new tab.
   */
  terms: { getHref: () => '/helpmc#rules' },
  download: { path: '/down', getHref: () => '/down' },
  /** The original's other address of the download page; loginedToHomePage lets it through (spec §2). */
  downloadAlias: { path: '/download' },
  join: { path: '/join', getHref: () => '/join' },
  /** Where LINE, Google and Facebook send the browser back (the contract's socialCallbackPagePath). */
  socialCallback: { path: '/social/callback' },
  /** The agent centre (agents only); `page` opens one of its pages. */
  agentCenter: { path: '/agentCenter', getHref: (page?: string) => withQuery('/agentCenter', { page }) },
  game: { path: '/game', getHref: () => '/game' },
  /** Verify a house game's round; a link may prefill it (features/fair verify-round.ts formFromQuery). */
  fair: {
    path: '/fair',
    getHref: (round?: {
      game: 'slot' | 'baccarat';
      serverSeed?: string;
      serverSeedHash?: string;
      clientSeed?: string;
      nonce?: number;
      betPerLineMinor?: number;
    }) =>
      round
        ? withQuery('/fair', {
            game: round.game,
            serverSeed: round.serverSeed,
            hash: round.serverSeedHash,
            clientSeed: round.clientSeed,
            nonce: round.nonce?.toString(),
            betPerLine: round.betPerLineMinor?.toString(),
          })
        : '/fair',
  },
} as const;

/** Paths an anonymous visitor may still open when the brand's loginedToHomePage is on (spec §2). */
export const pathsOpenWithoutLogin: readonly string[] = [
  paths.login.path,
  paths.register.path,
  paths.registerHtml.path,
  paths.helpBare.path,
  paths.downloadAlias.path,
  // A social login comes back here before it has a session.
  paths.socialCallback.path,
];
