import { sql, type Kysely } from 'kysely';

/**
 * Vietnamese central and southern lotteries (issue 18: "Central and South (several provinces a day, 18
 * prizes) ... results entered or imported as above, per province and day"). One official game per
 * province (family VN_SOUTH: 18 numbers in 9 tiers, ĐB 6 digits down to G8 2 digits, @lotus/fair
 * vietnam.ts), each on the official calendar of 0070 (`lottery_official_schedule`): its weekdays, the
 * region's draw time in Bangkok time (Vietnam keeps the same UTC+7), bets closing 30 minutes before,
 * deadline 2 hours like VN_NORTH (a row: an operator changes it per game).
 *
 * Menu groups (`game_group`, read by `/lgw/vn/games/game_menu` and the lobby's headings): the northern
 * game stays `VN`; Miền Trung is `VN_CENTRAL` (draws 17:15), Miền Nam `VN_SOUTH` (draws 16:15). Sort
 * orders 160-199 keep North, then Central, then South.
 *
 * The weekly schedule (Dominicushuy/sobet-nextjs docs/rule_docs.md "Lịch xổ"; the same in
 * Dominicushuy/VinLot docs/schema_demo.sql; sources may disagree, and provinces merge: a row, not code):
 *
 * | day | Miền Trung 17:15 | Miền Nam 16:15 |
 * |---|---|---|
 * | Mon | Thừa Thiên Huế, Phú Yên | TP.HCM, Đồng Tháp, Cà Mau |
 * | Tue | Đắk Lắk, Quảng Nam | Bến Tre, Vũng Tàu, Bạc Liêu |
 * | Wed | Đà Nẵng, Khánh Hòa | Đồng Nai, Cần Thơ, Sóc Trăng |
 * | Thu | Bình Định, Quảng Trị, Quảng Bình | Tây Ninh, An Giang, Bình Thuận |
 * | Fri | Gia Lai, Ninh Thuận | Vĩnh Long, Bình Dương, Trà Vinh |
 * | Sat | Đà Nẵng, Quảng Ngãi, Đắk Nông | TP.HCM, Long An, Bình Phước, Hậu Giang |
 * | Sun | Kon Tum, Khánh Hòa, Thừa Thiên Huế | Tiền Giang, Kiên Giang, Đà Lạt |
 *
 * A province drawing twice a week (TP.HCM, Đà Nẵng, Khánh Hòa, Thừa Thiên Huế) is one game with two
 * weekdays: its numero is the day, so each draw is still "per province and day".
 */
const GAMES: ReadonlyArray<[code: string, province: string, region: 'C' | 'S', weekdays: string, sort: number]> = [
  ['VNC_HUE', 'Thừa Thiên Huế', 'C', '{1,7}', 160],
  ['VNC_PHUYEN', 'Phú Yên', 'C', '{1}', 161],
  ['VNC_DAKLAK', 'Đắk Lắk', 'C', '{2}', 162],
  ['VNC_QUANGNAM', 'Quảng Nam', 'C', '{2}', 163],
  ['VNC_DANANG', 'Đà Nẵng', 'C', '{3,6}', 164],
  ['VNC_KHANHHOA', 'Khánh Hòa', 'C', '{3,7}', 165],
  ['VNC_BINHDINH', 'Bình Định', 'C', '{4}', 166],
  ['VNC_QUANGTRI', 'Quảng Trị', 'C', '{4}', 167],
  ['VNC_QUANGBINH', 'Quảng Bình', 'C', '{4}', 168],
  ['VNC_GIALAI', 'Gia Lai', 'C', '{5}', 169],
  ['VNC_NINHTHUAN', 'Ninh Thuận', 'C', '{5}', 170],
  ['VNC_QUANGNGAI', 'Quảng Ngãi', 'C', '{6}', 171],
  ['VNC_DAKNONG', 'Đắk Nông', 'C', '{6}', 172],
  ['VNC_KONTUM', 'Kon Tum', 'C', '{7}', 173],
  ['VNS_HCM', 'TP.HCM', 'S', '{1,6}', 180],
  ['VNS_DONGTHAP', 'Đồng Tháp', 'S', '{1}', 181],
  ['VNS_CAMAU', 'Cà Mau', 'S', '{1}', 182],
  ['VNS_BENTRE', 'Bến Tre', 'S', '{2}', 183],
  ['VNS_VUNGTAU', 'Vũng Tàu', 'S', '{2}', 184],
  ['VNS_BACLIEU', 'Bạc Liêu', 'S', '{2}', 185],
  ['VNS_DONGNAI', 'Đồng Nai', 'S', '{3}', 186],
  ['VNS_CANTHO', 'Cần Thơ', 'S', '{3}', 187],
  ['VNS_SOCTRANG', 'Sóc Trăng', 'S', '{3}', 188],
  ['VNS_TAYNINH', 'Tây Ninh', 'S', '{4}', 189],
  ['VNS_ANGIANG', 'An Giang', 'S', '{4}', 190],
  ['VNS_BINHTHUAN', 'Bình Thuận', 'S', '{4}', 191],
  ['VNS_VINHLONG', 'Vĩnh Long', 'S', '{5}', 192],
  ['VNS_BINHDUONG', 'Bình Dương', 'S', '{5}', 193],
  ['VNS_TRAVINH', 'Trà Vinh', 'S', '{5}', 194],
  ['VNS_LONGAN', 'Long An', 'S', '{6}', 195],
  ['VNS_BINHPHUOC', 'Bình Phước', 'S', '{6}', 196],
  ['VNS_HAUGIANG', 'Hậu Giang', 'S', '{6}', 197],
  ['VNS_TIENGIANG', 'Tiền Giang', 'S', '{7}', 198],
  ['VNS_KIENGIANG', 'Kiên Giang', 'S', '{7}', 199],
  ['VNS_DALAT', 'Đà Lạt', 'S', '{7}', 200],
];

const REGIONS = {
  C: { group: 'VN_CENTRAL', th: 'หวยเวียดนามกลาง', en: 'Central Vietnam lottery', time: '17:15' },
  S: { group: 'VN_SOUTH', th: 'หวยเวียดนามใต้', en: 'Southern Vietnam lottery', time: '16:15' },
} as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [code, province, region, weekdays, sort] of GAMES) {
    const { group, th, en, time } = REGIONS[region];
    await sql`
      INSERT INTO lottery_game (code, family, name_th, name_en, kind, draw_interval_seconds, lock_seconds, prize_mode,
        default_play_type, game_group, enabled, sort_order)
      VALUES (${code}, 'VN_SOUTH', ${`${th} ${province}`}, ${`${en}: ${province}`}, 'official', NULL, 1800, 1, 1,
        ${group}, true, ${sort})`.execute(db);
    await sql`
      INSERT INTO lottery_official_schedule (game_id, weekdays, draw_time, result_deadline_seconds)
      SELECT id, ${weekdays}::smallint[], ${time}::time, 7200 FROM lottery_game WHERE code = ${code}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // The game rows stay, disabled (draws and orders may refer to them); no new draws are created.
  await sql`DELETE FROM lottery_official_schedule WHERE game_id IN (SELECT id FROM lottery_game WHERE game_group IN ('VN_CENTRAL', 'VN_SOUTH'))`.execute(
    db,
  );
  await sql`UPDATE lottery_game SET enabled = false WHERE game_group IN ('VN_CENTRAL', 'VN_SOUTH')`.execute(db);
}
