import type { ReactNode } from 'react';

/**
 * Small drawn flags for the dialling-code picker. Emoji flags (the `flag` of GET /wps/system/country)
 * do not render on Windows or on Linux without an emoji font, so each country of the server's list
 * is drawn here, simplified to what reads at 20 x 14 pixels. An unknown code gets its two letters.
 * Kept in the auth chunk: only the phone fields use it.
 */

/** Points of a five-pointed star centred on (cx, cy) with outer radius r, first point up. */
function star(cx: number, cy: number, r: number, rotationDeg = 0): string {
  const points: string[] = [];
  for (let index = 0; index < 10; index++) {
    const radius = index % 2 === 0 ? r : r * 0.4;
    const angle = ((rotationDeg - 90 + index * 36) * Math.PI) / 180;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(2)},${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return points.join(' ');
}

/** Horizontal bands of equal height filling the 30 x 20 box, top to bottom. */
function bands(colours: readonly string[]): ReactNode {
  const height = 20 / colours.length;
  return colours.map((colour, index) => (
    <rect key={index} y={index * height} width="30" height={height + 0.01} fill={colour} />
  ));
}

/** The Union Jack scaled into (0, 0)-(width, height): Britain's flag and the Australian and New Zealand cantons. */
function unionJack(width: number, height: number): ReactNode {
  return (
    <g transform={`scale(${width / 60} ${height / 40})`}>
      <rect width="60" height="40" fill="#012169" />
      <path d="M0 0 60 40M60 0 0 40" stroke="#fff" strokeWidth="8" />
      <path d="M0 0 60 40M60 0 0 40" stroke="#C8102E" strokeWidth="3" />
      <path d="M30 0v40M0 20h60" stroke="#fff" strokeWidth="12" />
      <path d="M30 0v40M0 20h60" stroke="#C8102E" strokeWidth="7" />
    </g>
  );
}

const flags: Record<string, () => ReactNode> = {
  TH: () => bands(['#A51931', '#F4F5F8', '#2D2A4A', '#2D2A4A', '#F4F5F8', '#A51931']),
  LA: () => (
    <>
      {bands(['#CE1126', '#002868', '#002868', '#CE1126'])}
      <circle cx="15" cy="10" r="4" fill="#fff" />
    </>
  ),
  KH: () => (
    <>
      {bands(['#032EA1', '#E00025', '#E00025', '#032EA1'])}
      <path
        d="M9.5 14h11v-1.2h-1v-2.3h-.9v-1.8h-.9V7.2h-.9V6h-.8V5h-1v1h-.8v1.2h-.9v1.5h-.9v1.8h-.9v2.3h-1z"
        fill="#fff"
      />
    </>
  ),
  MM: () => (
    <>
      {bands(['#FECB00', '#34B233', '#EA2839'])}
      <polygon points={star(15, 10.6, 6.2)} fill="#fff" />
    </>
  ),
  MY: () => (
    <>
      {bands([
        '#CC0001',
        '#fff',
        '#CC0001',
        '#fff',
        '#CC0001',
        '#fff',
        '#CC0001',
        '#fff',
        '#CC0001',
        '#fff',
        '#CC0001',
        '#fff',
        '#CC0001',
        '#fff',
      ])}
      <rect width="15" height="11.43" fill="#010066" />
      <circle cx="6" cy="5.7" r="3.6" fill="#FC0" />
      <circle cx="7.1" cy="5.7" r="3" fill="#010066" />
      <polygon points={star(11, 5.7, 2.2)} fill="#FC0" />
    </>
  ),
  VN: () => (
    <>
      <rect width="30" height="20" fill="#DA251D" />
      <polygon points={star(15, 10.5, 6)} fill="#FF0" />
    </>
  ),
  SG: () => (
    <>
      {bands(['#EF3340', '#fff'])}
      <circle cx="6.5" cy="5" r="3.4" fill="#fff" />
      <circle cx="7.8" cy="5" r="3.1" fill="#EF3340" />
      <polygon points={star(10.6, 3.4, 0.8)} fill="#fff" />
      <polygon points={star(12.2, 5.2, 0.8)} fill="#fff" />
      <polygon points={star(9, 5.2, 0.8)} fill="#fff" />
    </>
  ),
  ID: () => bands(['#CE1126', '#fff']),
  PH: () => (
    <>
      {bands(['#0038A8', '#CE1126'])}
      <path d="M0 0 17.3 10 0 20z" fill="#fff" />
      <circle cx="6" cy="10" r="2.4" fill="#FCD116" />
    </>
  ),
  BN: () => (
    <>
      <rect width="30" height="20" fill="#F7E017" />
      <path d="M0 5.2 30 13.8V19L0 10.4z" fill="#fff" />
      <path d="M0 8.2 30 16.8V19.6L0 11z" fill="#000" />
      <circle cx="15" cy="10" r="3.4" fill="#CF1126" />
    </>
  ),
  TL: () => (
    <>
      <rect width="30" height="20" fill="#DC241F" />
      <path d="M0 0 15 10 0 20z" fill="#FFC726" />
      <path d="M0 0 10 10 0 20z" fill="#000" />
      <polygon points={star(3.8, 10, 2.6, -20)} fill="#fff" />
    </>
  ),
  CN: () => (
    <>
      <rect width="30" height="20" fill="#EE1C25" />
      <polygon points={star(5, 5, 3)} fill="#FF0" />
      <polygon points={star(10, 2, 1, 20)} fill="#FF0" />
      <polygon points={star(12, 4, 1, 45)} fill="#FF0" />
      <polygon points={star(12, 7, 1)} fill="#FF0" />
      <polygon points={star(10, 9, 1, 20)} fill="#FF0" />
    </>
  ),
  HK: () => (
    <>
      <rect width="30" height="20" fill="#DE2910" />
      {[0, 72, 144, 216, 288].map((angle) => (
        <ellipse key={angle} cx="15" cy="6.8" rx="2" ry="3.3" fill="#fff" transform={`rotate(${angle} 15 10)`} />
      ))}
    </>
  ),
  MO: () => (
    <>
      <rect width="30" height="20" fill="#00785E" />
      <path d="M11 11.5q4-5.5 4-6.5 0 1 4 6.5q-4 1.6-8 0z" fill="#fff" />
      <path d="M10 13.6h10" stroke="#fff" strokeWidth="0.8" />
      <polygon points={star(15, 3.2, 1)} fill="#FBD116" />
    </>
  ),
  TW: () => (
    <>
      <rect width="30" height="20" fill="#FE0000" />
      <rect width="15" height="10" fill="#000095" />
      <circle cx="7.5" cy="5" r="2.6" fill="#fff" />
      <circle cx="7.5" cy="5" r="1.9" fill="#000095" />
      <circle cx="7.5" cy="5" r="1.6" fill="#fff" />
    </>
  ),
  JP: () => (
    <>
      <rect width="30" height="20" fill="#fff" />
      <circle cx="15" cy="10" r="6" fill="#BC002D" />
    </>
  ),
  KR: () => (
    <>
      <rect width="30" height="20" fill="#fff" />
      <circle cx="15" cy="10" r="5" fill="#0047A0" />
      <path d="M10 10a5 5 0 0 1 10 0 2.5 2.5 0 0 1-5 0 2.5 2.5 0 0 0-5 0z" fill="#CD2E3A" />
      <path
        d="M4.5 5.2 7 3.2M5.3 6.2 7.8 4.2M6.1 7.2 8.6 5.2M21.4 14.8l2.5-2M22.2 15.8l2.5-2M23 16.8l2.5-2M4.5 14.8l2.5 2M22.9 3.2l2.5 2M21.4 5.2l2.5 2M6.1 12.8l2.5 2"
        stroke="#000"
        strokeWidth="0.6"
      />
    </>
  ),
  IN: () => (
    <>
      {bands(['#FF9933', '#fff', '#138808'])}
      <circle cx="15" cy="10" r="2.6" fill="none" stroke="#000080" strokeWidth="0.7" />
      <circle cx="15" cy="10" r="0.6" fill="#000080" />
    </>
  ),
  AE: () => (
    <>
      {bands(['#00732F', '#fff', '#000'])}
      <rect width="8" height="20" fill="#FF0000" />
    </>
  ),
  AU: () => (
    <>
      <rect width="30" height="20" fill="#00008B" />
      {unionJack(15, 10)}
      <polygon points={star(7.5, 15, 2.2)} fill="#fff" />
      <polygon points={star(22.5, 16.5, 1.2)} fill="#fff" />
      <polygon points={star(20, 9, 1.2)} fill="#fff" />
      <polygon points={star(22.5, 4, 1.2)} fill="#fff" />
      <polygon points={star(25.5, 8, 1.2)} fill="#fff" />
    </>
  ),
  NZ: () => (
    <>
      <rect width="30" height="20" fill="#00247D" />
      {unionJack(15, 10)}
      {[
        [22, 15.5],
        [19.5, 8.5],
        [22.5, 4],
        [25.5, 8],
      ].map(([x, y]) => (
        <polygon key={`${x}-${y}`} points={star(x!, y!, 1.4)} fill="#CC142B" stroke="#fff" strokeWidth="0.35" />
      ))}
    </>
  ),
  GB: () => unionJack(30, 20),
  US: () => (
    <>
      {bands([
        '#B22234',
        '#fff',
        '#B22234',
        '#fff',
        '#B22234',
        '#fff',
        '#B22234',
        '#fff',
        '#B22234',
        '#fff',
        '#B22234',
        '#fff',
        '#B22234',
      ])}
      <rect width="12" height="10.77" fill="#3C3B6E" />
      {[2, 5, 8].flatMap((y) =>
        [2, 6, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y + 0.4} r="0.7" fill="#fff" />),
      )}
    </>
  ),
  CA: () => (
    <>
      <rect width="30" height="20" fill="#fff" />
      <rect width="7.5" height="20" fill="#D52B1E" />
      <rect x="22.5" width="7.5" height="20" fill="#D52B1E" />
      <path
        d="M15 4.5l1 2 1.6-.6-.5 3.1 1.9-1.4.4 1.2 1.6-.3-.7 2 .8.5-3.5 2.6.3 1.3-2.4-.4V17h-1v-2.5l-2.4.4.3-1.3-3.5-2.6.8-.5-.7-2 1.6.3.4-1.2 1.9 1.4-.5-3.1 1.6.6z"
        fill="#D52B1E"
      />
    </>
  ),
};

/** The flag of an ISO 3166 alpha-2 code, 30 x 20 units, drawn at the size `.flag` gives it. */
export function CountryFlag({ countryCode }: { countryCode: string }) {
  const draw = flags[countryCode.toUpperCase()];
  return (
    <svg className="flag country-flag" viewBox="0 0 30 20" aria-hidden="true" data-country={countryCode}>
      {draw ? (
        draw()
      ) : (
        <>
          <rect width="30" height="20" fill="#2a2f57" />
          <text x="15" y="14" textAnchor="middle" fontSize="10" fontWeight="700" fill="#f3c85a">
            {countryCode.slice(0, 2).toUpperCase()}
          </text>
        </>
      )}
    </svg>
  );
}
