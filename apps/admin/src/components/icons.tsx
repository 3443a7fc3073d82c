/** Line icons drawn inline (no icon font, nothing fetched), 20 px on a 24 grid, currentColor. */
const paths = {
  dashboard: 'M4 13h6V4H4v9zm0 7h6v-5H4v5zm10 0h6v-9h-6v9zm0-16v5h6V4h-6z',
  deposit: 'M12 3v12m0 0-4-4m4 4 4-4M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2',
  withdrawal: 'M12 15V3m0 0-4 4m4-4 4 4M4 17v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2',
  members:
    'M16 19v-1a4 4 0 0 0-4-4H7a4 4 0 0 0-4 4v1M9.5 10a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM21 19v-1a4 4 0 0 0-3-3.87M16 3.13a3.5 3.5 0 0 1 0 6.75',
  channels: 'M3 7h18M3 12h18M3 17h18M7 4v6M15 9v6M11 14v6',
  outbox: 'M4 6h16v12H4zM4 7l8 6 8-6',
  audit: 'M9 4h6l1 2h3v15H5V6h3l1-2zM9 12h6M9 16h4',
  operators: 'M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6l7-3zM9.5 12l2 2 3.5-4',
  logout: 'M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11',
  menu: 'M4 6h16M4 12h16M4 18h16',
  bell: 'M18 16v-5a6 6 0 1 0-12 0v5l-2 2h16l-2-2zM10 20a2 2 0 0 0 4 0',
  key: 'M15.5 7.5a3.5 3.5 0 1 1-7 0 3.5 3.5 0 0 1 7 0zM12 11v10m0-4h3m-3 3h2',
  // A megaphone: the site's announcements and banners.
  announcement: 'M4 10v4h3l7 4V6L7 10H4zM17 9a4 4 0 0 1 0 6M8 14l1 5h2',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zm9 3-4.35-4.35',
  feedback: 'M4 5h16v11H9l-5 4V5zM8 9h8M8 12h5',
  // A page with blocks: the site's contact channels, app links, partners and home lanes.
  siteContent: 'M4 4h16v16H4zM4 9h16M9 9v11',
  // A question in a circle: the help centre.
  help: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  // Bars of a chart: the reports.
  reports: 'M4 20h16M6 16v-5M10 16V7M14 16v-8M18 16V4',
  // A price tag: the brands (merchants) and their settings.
  brand: 'M4 4h8l8 8-8 8-8-8V4zM8.5 8.5h.01',
  // A game pad: the game vendors and their games.
  games:
    'M6 9h12a4 4 0 0 1 4 4v1a3 3 0 0 1-5.4 1.8L15 14H9l-1.6 1.8A3 3 0 0 1 2 14v-1a4 4 0 0 1 4-4zM7 11v3M5.5 12.5h3M16 12h.01M18 13.5h.01',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={paths[name]} />
    </svg>
  );
}
