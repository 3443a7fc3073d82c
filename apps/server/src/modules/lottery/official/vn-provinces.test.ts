import {
  adminLotteryResultPaths,
  lotteryPaths,
  type AdminLotteryResultEntry,
  type AdminLotteryResultImport,
  type LotteryDrawHistory,
  type LotteryVnGameMenu,
  type OfficialLotteryResult,
} from '@lotus/contract';
import { describe, expect, test } from 'vitest';
import { checkLedger } from '../../ledger/index.ts';
import { runLotteryTick } from '../lottery-draw-loop.ts';
import { runOfficialTick } from './official-tick.ts';
import { useOfficialTestKit } from './official.testing.ts';

/**
 * The Vietnamese central and southern provinces (migration 0073, family VN_SOUTH) and the Lao draw,
 * end to end on one app and a fake clock: the provinces' calendars and the VN menu by region, a
 * province's result entered by two operators (four eyes) or imported, and every VN_SOUTH play and
 * every Lao play settled through the real placement and settlement paths against past published
 * results, with the wins computed by hand below.
 *
 * Test data (public repositories, found with the code search; not cross-checked against the lottery
 * companies' own sheets, which the search cannot reach):
 * - Vĩnh Long (Miền Nam) and Gia Lai (Miền Trung), Friday 21 March 2025: Dominicushuy/VinLot,
 *   docs/schema_demo.sql ("Kết quả Miền Nam ngày 2025-03-21 - Vĩnh Long", "Kết quả Miền Trung ngày
 *   2025-03-21 - Gia Lai"). Both provinces draw on Fridays, as the calendar of 0073 says.
 * - Lao Development lottery, 1 March 2021 (9887, shown whole as 99887) and 25 February 2021 (1791,
 *   rebuilt from 3 top 791 and 2 bottom 17): northcodeman/lotto, result-huay/huay-lao.php, as
 *   packages/fair lao.test.ts reads them.
 * The results are put on this test's draws of the same weekdays (the numeros are the test's days).
 *
 * The clock starts on Friday 27 November 2026, 14:00:30 Bangkok: today Vĩnh Long draws at 16:15
 * (bets close 15:45) and Gia Lai at 17:15; the Lao draws are Monday 30 November and Thursday 3
 * December, 20:30.
 */
const kit = useOfficialTestKit({ startMs: Date.parse('2026-11-27T07:00:30Z'), memberPrefix: 'vnprov' });
const { clock, drawOf, member, balanceOf, bet, admin, confirmUrl } = kit;

/** Vĩnh Long, 21 March 2025 (Dominicushuy/VinLot docs/schema_demo.sql). */
const VINH_LONG_2025_03_21: OfficialLotteryResult = {
  family: 'VN_SOUTH',
  prizes: {
    DB: ['884933'],
    G1: ['47822'],
    G2: ['52562'],
    G3: ['02697', '41921'],
    G4: ['43112', '00396', '40790', '06774', '13233', '01640', '92891'],
    G5: ['8740'],
    G6: ['2134', '0135', '2862'],
    G7: ['268'],
    G8: ['43'],
  },
};
/** Gia Lai, 21 March 2025 (same file), as an import line: DB, G1, G2, G3_1..2, G4_1..7, G5, G6_1..3, G7, G8. */
const GIA_LAI_2025_03_21 = [
  '821813',
  '85011',
  '02380',
  '37028',
  '21958',
  '35266',
  '38271',
  '57378',
  '83511',
  '67515',
  '91066',
  '48214',
  '8629',
  '6974',
  '4645',
  '0656',
  '755',
  '96',
];

/** The Gia Lai bettors (placed with the Vĩnh Long bets, before Gia Lai's bets close). */
const gialai = {} as Record<'de' | 'baoLo2' | 'cang3' | 'xien2', { memberId: bigint; token: string }>;

describe('the provinces: calendars and the Vietnamese menu', () => {
  test("each province's draws fall on its weekdays at its region's time, 30 minutes of lock", async () => {
    const rows = await kit.t.db
      .selectFrom('lottery_draw as d')
      .innerJoin('lottery_game as g', 'g.id', 'd.game_id')
      .select(['g.code', 'g.family', 'g.game_group', 'd.numero', 'd.locks_at', 'd.draws_at'])
      .where('g.game_group', 'in', ['VN_CENTRAL', 'VN_SOUTH'])
      .orderBy('d.draws_at')
      .execute();
    const numeros = (code: string) => rows.filter((row) => row.code === code).map((row) => row.numero);
    // 35 provinces, all VN_SOUTH: 14 central, 21 southern.
    expect(new Set(rows.map((row) => row.family))).toEqual(new Set(['VN_SOUTH']));
    expect(new Set(rows.filter((row) => row.game_group === 'VN_CENTRAL').map((row) => row.code)).size).toBe(14);
    expect(new Set(rows.filter((row) => row.game_group === 'VN_SOUTH').map((row) => row.code)).size).toBe(21);
    // TP.HCM: Mondays and Saturdays; Đà Nẵng: Wednesdays and Saturdays; Vĩnh Long and Gia Lai: Fridays.
    // 14 days ahead: to Friday 11 December.
    expect(numeros('VNS_HCM')).toEqual(['20261128', '20261130', '20261205', '20261207']);
    expect(numeros('VNC_DANANG')).toEqual(['20261128', '20261202', '20261205', '20261209']);
    expect(numeros('VNS_VINHLONG')).toEqual(['20261127', '20261204', '20261211']);
    expect(numeros('VNC_GIALAI')).toEqual(['20261127', '20261204', '20261211']);
    // Today's draws: Miền Nam 16:15 Bangkok (= Vietnam), Miền Trung 17:15; bets close 30 minutes before.
    const today = rows.filter((row) => row.numero === '20261127');
    expect(today.map((row) => row.code).sort()).toEqual([
      'VNC_GIALAI',
      'VNC_NINHTHUAN',
      'VNS_BINHDUONG',
      'VNS_TRAVINH',
      'VNS_VINHLONG',
    ]);
    const vinhLong = today.find((row) => row.code === 'VNS_VINHLONG')!;
    expect(vinhLong.draws_at.toISOString()).toBe('2026-11-27T09:15:00.000Z');
    expect(vinhLong.locks_at.toISOString()).toBe('2026-11-27T08:45:00.000Z');
    expect(today.find((row) => row.code === 'VNC_GIALAI')!.draws_at.toISOString()).toBe('2026-11-27T10:15:00.000Z');
    // Saturday has four southern provinces.
    expect(rows.filter((row) => row.numero === '20261128' && row.game_group === 'VN_SOUTH')).toHaveLength(4);
    const schedule = await kit.t.db
      .selectFrom('lottery_official_schedule as s')
      .innerJoin('lottery_game as g', 'g.id', 's.game_id')
      .select(['s.result_deadline_seconds'])
      .where('g.game_group', 'in', ['VN_CENTRAL', 'VN_SOUTH'])
      .execute();
    expect(new Set(schedule.map((row) => row.result_deadline_seconds))).toEqual(new Set([7200]));
  });

  test('/lgw/vn/games/game_menu lists North, Central and South, each in both languages', async () => {
    for (const [language, names] of [
      ['EN', ['Northern Vietnam', 'Central Vietnam', 'Southern Vietnam']],
      ['TH', ['หวยเวียดนามภาคเหนือ', 'หวยเวียดนามภาคกลาง', 'หวยเวียดนามภาคใต้']],
    ] as const) {
      const menu = await kit.t.app.inject({
        method: 'GET',
        url: `${lotteryPaths.vnGameMenu}?device=WEB`,
        headers: { Merchant: 'demo', Language: language },
      });
      expect(menu.statusCode, menu.body).toBe(200);
      const groups = menu.json<{ value: LotteryVnGameMenu }>().value;
      expect(groups.map((group) => [group.groupCode, group.groupName])).toEqual([
        ['VN_NORTH', names[0]],
        ['VN_CENTRAL', names[1]],
        ['VN_SOUTH', names[2]],
      ]);
      expect(groups[1]!.gameMenus).toHaveLength(14);
      expect(groups[2]!.gameMenus).toHaveLength(21);
      const hcm = groups[2]!.gameMenus.find((game) => game.gameCode === 'VNS_HCM')!;
      expect(hcm.gameName).toContain('TP.HCM');
      if (language === 'TH') expect(hcm.gameName).toMatch(/[\u0E00-\u0E7F]/);
    }
    const opened = await kit.t.app.inject({
      method: 'GET',
      url: lotteryPaths.vnOpenedNumeros,
      headers: { Merchant: 'demo', Language: 'EN' },
    });
    const codes = opened.json<{ value: { gameCode: string }[] }>().value.map((numero) => numero.gameCode);
    expect(codes).toEqual(expect.arrayContaining(['VN_NORTH', 'VNS_VINHLONG', 'VNC_GIALAI', 'VNS_HCM']));
  });
});

describe('a southern province settled: every VN_SOUTH play against Vĩnh Long, 21 March 2025', () => {
  // The 18 two-digit lô: 33 22 62 97 21 12 96 90 74 33 40 91 40 34 35 62 68 43 (33, 40, 62 twice).
  // 3-digit lô (17, not G8): 933 822 562 697 921 112 396 790 774 233 640 891 740 134 135 862 268.
  // 4-digit lô (16, not G7 and G8): 4933 7822 2562 2697 1921 3112 0396 0790 6774 3233 1640 2891 8740 2134 0135 2862.
  // Odds at series 2000 (packages/fair VIETNAM_DEFAULT_ODDS_HUNDREDTHS.VN_SOUTH): a unit of 1.00 wins
  // the play's hundredths in satang.
  const plays: {
    name: string;
    playId: number;
    content: string;
    units: number;
    winMinor: bigint;
  }[] = [
    // Đề: the ĐB's last two, 33 (70); 43 is G8, not the đề.
    { name: 'de', playId: 2100, content: '33,43', units: 2, winMinor: 7_000n },
    // Đầu/đuôi of 33: tens 3 wins, 4 loses; units 3 wins (9 each).
    { name: 'dauDuoi', playId: 2105, content: '3,4|3', units: 3, winMinor: 1_800n },
    // Bao lô 2 (18 slots a number): 33 twice, 62 twice, 43 once, 00 never: 5 × 75.
    { name: 'baoLo2', playId: 2529, content: '33,62,43,00', units: 4 * 18, winMinor: 37_500n },
    // Bao lô 3 (17 slots): 933 (ĐB), 268 (G7), 862 (G6) once each, 123 never: 3 × 650.
    { name: 'baoLo3', playId: 2533, content: '933,268,862,123', units: 4 * 17, winMinor: 195_000n },
    // Bao lô 4 (16 slots): 4933 and 0135; 0268 is not a 4-digit lô (G7 has 3 digits): 2 × 5,500.
    { name: 'baoLo4', playId: 2537, content: '4933,0135,0268', units: 3 * 16, winMinor: 1_100_000n },
    // Xiên 2: 33+62 both drawn (20), 33+11 not.
    { name: 'xien2', playId: 2611, content: '33,62|33,11', units: 2, winMinor: 2_000n },
    // Xiên 3: 43+68+97 (130), 43+68+99 not.
    { name: 'xien3', playId: 2614, content: '43,68,97|43,68,99', units: 2, winMinor: 13_000n },
    // Xiên 4: 22+21+12+96 (900).
    { name: 'xien4', playId: 2617, content: '22,21,12,96', units: 1, winMinor: 90_000n },
    // Trượt xiên 4: 00..03 none drawn (1.5); 00,01,02,33 has 33.
    { name: 'truot4', playId: 9211, content: '00,01,02,03|00,01,02,33', units: 2, winMinor: 150n },
    // Trượt xiên 8 and 10: 00..07 and 00..09, none drawn (3.3 and 4.9).
    { name: 'truot8', playId: 9212, content: '00,01,02,03,04,05,06,07', units: 1, winMinor: 330n },
    { name: 'truot10', playId: 9213, content: '00,01,02,03,04,05,06,07,08,09', units: 1, winMinor: 490n },
    // 3 càng: ĐB's last three 933 (400); 268 is G7, not the ĐB.
    { name: 'cang3', playId: 2095, content: '933,268', units: 2, winMinor: 40_000n },
    // 4 càng: ĐB's last four 4933 (5,500); 8493 not.
    { name: 'cang4', playId: 2090, content: '4933,8493', units: 2, winMinor: 550_000n },
    // A loser of each kind: đề 34 (a lô, not the ĐB's end).
    { name: 'loser', playId: 2100, content: '34', units: 1, winMinor: 0n },
  ];
  const members = new Map<string, { memberId: bigint; token: string }>();

  test('bets of every play are placed on the Vĩnh Long draw (and a few on Gia Lai, an hour later)', async () => {
    const draw = await drawOf('VNS_VINHLONG', '20261127');
    for (const play of plays) {
      const one = await member();
      members.set(play.name, one);
      await bet(one.token, draw.game_id, '20261127', play.playId, play.content, play.units);
    }
    const gia = await drawOf('VNC_GIALAI', '20261127');
    gialai.de = await member();
    gialai.baoLo2 = await member();
    gialai.cang3 = await member();
    gialai.xien2 = await member();
    await bet(gialai.de.token, gia.game_id, '20261127', 2100, '13', 1);
    await bet(gialai.baoLo2.token, gia.game_id, '20261127', 2529, '11', 18);
    await bet(gialai.cang3.token, gia.game_id, '20261127', 2095, '813', 1);
    await bet(gialai.xien2.token, gia.game_id, '20261127', 2611, '66,96', 1);
  });

  test('a result of the northern shape, or a G8 of three digits, is refused naming the field', async () => {
    const draw = await drawOf('VNS_VINHLONG', '20261127');
    clock.nowMs = draw.draws_at.getTime() + 30 * 60_000;
    await runLotteryTick(kit.t.db, clock.nowMs);
    expect((await drawOf('VNS_VINHLONG', '20261127')).status).toBe('locked');
    const badG8 = await admin(
      kit.operatorA,
      'POST',
      adminLotteryResultPaths.enter,
      {
        gameCode: 'VNS_VINHLONG',
        numero: '20261127',
        result: { ...VINH_LONG_2025_03_21, prizes: { ...VINH_LONG_2025_03_21.prizes, G8: ['043'] } },
      },
      'TH',
    );
    expect(badG8.statusCode).toBe(400);
    expect(badG8.json().field).toBe('result.prizes.G8.0');
    const north = await admin(kit.operatorA, 'POST', adminLotteryResultPaths.enter, {
      gameCode: 'VNS_VINHLONG',
      numero: '20261127',
      result: { ...VINH_LONG_2025_03_21, family: 'VN_NORTH' },
    });
    expect(north.statusCode).toBe(400);
  });

  test('two operators enter the same result; the loop settles every play with the hand-computed wins', async () => {
    const entry = await admin(kit.operatorA, 'POST', adminLotteryResultPaths.enter, {
      gameCode: 'VNS_VINHLONG',
      numero: '20261127',
      result: VINH_LONG_2025_03_21,
    });
    expect(entry.statusCode, entry.body).toBe(200);
    const { entryId } = entry.json<{ value: AdminLotteryResultEntry }>().value;
    const confirmed = await admin(kit.operatorB, 'POST', confirmUrl(entryId), { result: VINH_LONG_2025_03_21 });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const pass = await runLotteryTick(kit.t.db, clock.nowMs);
    const draw = await drawOf('VNS_VINHLONG', '20261127');
    expect(pass.settled.map((settled) => settled.drawId)).toContain(draw.id);
    expect(draw.status).toBe('settled');
    for (const play of plays) {
      const { memberId } = members.get(play.name)!;
      expect([play.name, await balanceOf(memberId)]).toEqual([
        play.name,
        100_000n - BigInt(play.units) * 100n + play.winMinor,
      ]);
    }
    expect((await checkLedger(kit.t.db, { merchantId: kit.merchantId })).ok).toBe(true);

    // The published draw: 18 numbers, tier after tier (the site cuts them by the 18-number table).
    const history = await kit.t.app.inject({
      method: 'GET',
      url: lotteryPaths.drawHistory.replace(':gameCode', 'VNS_VINHLONG'),
      headers: { Merchant: 'demo', Language: 'EN' },
    });
    expect(history.statusCode, history.body).toBe(200);
    const published = history
      .json<{ value: LotteryDrawHistory }>()
      .value.list.find((item) => item.numero === '20261127')!;
    expect(published.winNoStr).toEqual([
      '884933',
      '47822',
      '52562',
      '02697',
      '41921',
      '43112',
      '00396',
      '40790',
      '06774',
      '13233',
      '01640',
      '92891',
      '8740',
      '2134',
      '0135',
      '2862',
      '268',
      '43',
    ]);
  });
});

describe('a central province imported: Gia Lai, 21 March 2025', () => {
  // 2-digit lô: 13 11 80 28 58 66 71 78 11 15 66 14 29 74 45 56 55 96 (11 and 66 twice).
  test('a file with the wrong number of columns is refused naming the line', async () => {
    const draw = await drawOf('VNC_GIALAI', '20261127');
    clock.nowMs = draw.draws_at.getTime() + 30 * 60_000;
    await runLotteryTick(kit.t.db, clock.nowMs);
    const short = await admin(kit.operatorA, 'POST', adminLotteryResultPaths.import, {
      csv: `gameCode,numero,DB,G1\nVNC_GIALAI,20261127,${GIA_LAI_2025_03_21.slice(0, 17).join(',')}\n`,
    });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ errorCode: 'lottery.result.import.invalid', field: 'csv' });
    expect(short.json().value.lines[0].problem).toContain('17 values instead of 18');
    expect(short.json().value.lines[0].problem).toContain('G3_1, G3_2, G4_1');
  });

  test("one operator's file enters, the second's confirms; the draw settles", async () => {
    const csv = `gameCode,numero,values\nVNC_GIALAI,20261127,${GIA_LAI_2025_03_21.join(',')}\n`;
    const first = await admin(kit.operatorA, 'POST', adminLotteryResultPaths.import, { csv });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ value: AdminLotteryResultImport }>().value.lines.map((line) => line.outcome)).toEqual([
      'entered',
    ]);
    const second = await admin(kit.operatorB, 'POST', adminLotteryResultPaths.import, { csv });
    expect(second.json<{ value: AdminLotteryResultImport }>().value.lines.map((line) => line.outcome)).toEqual([
      'confirmed',
    ]);
    expect((await drawOf('VNC_GIALAI', '20261127')).result).toEqual({
      family: 'VN_SOUTH',
      prizes: {
        DB: ['821813'],
        G1: ['85011'],
        G2: ['02380'],
        G3: ['37028', '21958'],
        G4: ['35266', '38271', '57378', '83511', '67515', '91066', '48214'],
        G5: ['8629'],
        G6: ['6974', '4645', '0656'],
        G7: ['755'],
        G8: ['96'],
      },
    });
    await runLotteryTick(kit.t.db, clock.nowMs);
    // Đề 13 (70); bao lô 11, twice among the lô (85011, 83511): 2 × 75 for 18 units; 3 càng 813 (400);
    // xiên 2 66+96 (20: 66 is G4 35266 and 91066, 96 the G8).
    expect(await balanceOf(gialai.de.memberId)).toBe(100_000n - 100n + 7_000n);
    expect(await balanceOf(gialai.baoLo2.memberId)).toBe(100_000n - 1_800n + 15_000n);
    expect(await balanceOf(gialai.cang3.memberId)).toBe(100_000n - 100n + 40_000n);
    expect(await balanceOf(gialai.xien2.memberId)).toBe(100_000n - 100n + 2_000n);
    expect((await checkLedger(kit.t.db, { merchantId: kit.merchantId })).ok).toBe(true);
  });
});

describe('the Lao draw settled: every Lao play against 1 March and 25 February 2021', () => {
  // Odds at series 2000 (packages/fair LAO_DEFAULT_ODDS_HUNDREDTHS): 4D exact 8,000, 4D any 330,
  // 3D exact 800, 3D any 120, 2D exact 90, 2D any 45. 4D = the four digits, 3D the last three, 2D
  // the first two; "any" compares sorted digits.
  const draws = [
    {
      numero: '20261130',
      number: '9887',
      bets: [
        { name: '4dExact', playId: 2129, content: '9887', winMinor: 800_000n },
        { name: '4dAny', playId: 2132, content: '7889', winMinor: 33_000n },
        { name: '3dExact', playId: 2135, content: '887', winMinor: 80_000n },
        { name: '3dAny', playId: 2138, content: '788', winMinor: 12_000n },
        { name: '2dExact', playId: 2141, content: '98', winMinor: 9_000n },
        { name: '2dAny', playId: 2144, content: '89', winMinor: 4_500n },
        // 87 is the last two (a Thai 2 top), not the Lao 2D.
        { name: 'loser', playId: 2141, content: '87', winMinor: 0n },
      ],
    },
    {
      numero: '20261203',
      number: '1791',
      bets: [
        { name: '4dExact', playId: 2129, content: '1791', winMinor: 800_000n },
        { name: '4dAny', playId: 2132, content: '1179', winMinor: 33_000n },
        { name: '3dExact', playId: 2135, content: '791', winMinor: 80_000n },
        { name: '3dAny', playId: 2138, content: '179', winMinor: 12_000n },
        { name: '2dExact', playId: 2141, content: '17', winMinor: 9_000n },
        { name: '2dAny', playId: 2144, content: '71', winMinor: 4_500n },
        { name: 'loser', playId: 2129, content: '1719', winMinor: 0n },
      ],
    },
  ];

  test.each(draws)('Lao $numero ($number): each play wins what it should', async ({ numero, number, bets }) => {
    const draw = await drawOf('LAO', numero);
    clock.nowMs = Math.max(clock.nowMs, draw.locks_at.getTime() - 60 * 60_000);
    const placed: { memberId: bigint; winMinor: bigint; name: string }[] = [];
    for (const one of bets) {
      const who = await member();
      await bet(who.token, draw.game_id, numero, one.playId, one.content, 1);
      placed.push({ memberId: who.memberId, winMinor: one.winMinor, name: one.name });
    }
    clock.nowMs = draw.draws_at.getTime() + 10 * 60_000;
    await runOfficialTick(kit.t.db, clock.nowMs);
    await runLotteryTick(kit.t.db, clock.nowMs);
    const result: OfficialLotteryResult = { family: 'LAO', number };
    const entry = await admin(kit.operatorA, 'POST', adminLotteryResultPaths.enter, {
      gameCode: 'LAO',
      numero,
      result,
    });
    expect(entry.statusCode, entry.body).toBe(200);
    const confirmed = await admin(kit.operatorB, 'POST', confirmUrl(entry.json().value.entryId), { result });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    await runLotteryTick(kit.t.db, clock.nowMs);
    expect((await drawOf('LAO', numero)).status).toBe('settled');
    for (const one of placed)
      expect([one.name, await balanceOf(one.memberId)]).toEqual([one.name, 100_000n - 100n + one.winMinor]);
    expect((await checkLedger(kit.t.db, { merchantId: kit.merchantId })).ok).toBe(true);
  });
});
