// The process the settlement chaos test (settle-daily-salary.chaos.test.ts) kills: the daily salary
// job's run of one merchant's day as the job runs it, on the database its arguments name.
// Prints `connected` once it can reach the database and `done <result>` when the run finished.
import { connect } from '../../../db/database.ts';
import { settleDailySalaryDay } from './settle-daily-salary.ts';

const [connectionString, merchantId, day, nowMs] = process.argv.slice(2);
const db = connect(connectionString!, 4);
await db.selectNoFrom((eb) => eb.val(1).as('one')).execute();
console.log('connected');
const result = await settleDailySalaryDay(db, {
  merchantId: Number(merchantId),
  day: day!,
  timezone: 'Asia/Bangkok',
  nowMs: Number(nowMs),
});
console.log(`done ${JSON.stringify(result)}`);
await db.destroy();
process.exit(0);
