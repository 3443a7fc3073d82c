/** Messages of modules/bet-records, merged by messages.ts. Same keys in TH and EN. */
export const th = {
  'bet.records.range.invalid': 'วันที่สิ้นสุดต้องไม่อยู่ก่อนวันที่เริ่มต้น',
};
export const en = {
  'bet.records.range.invalid': 'The end date cannot be before the start date',
};
