/// <reference lib="dom" />
// What /play answers itself when it cannot show a game (an unknown game id): the error page, from
// the code the server put on the page, in the launch's language.
import { lobbyUrlOf, readLaunch } from './page-kit.ts';
import { showErrorPage } from './page-error.ts';

const root = document.getElementById('game')!;
const launch = readLaunch(new URL(location.href), root.dataset.gameId ?? '');
showErrorPage(root, {
  code: root.dataset.error ?? 'GENERIC',
  lang: launch.lang,
  lobbyUrl: lobbyUrlOf(document.referrer),
});
