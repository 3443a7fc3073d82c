import { VIETNAM_PRIZE_TABLES, type VietnamFamily } from '@lotus/fair';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export const isVietnamFamily = (family: string): family is VietnamFamily => family in VIETNAM_PRIZE_TABLES;

/**
 * A Vietnamese result's numbers by prize tier. The server lists them tier after tier, special prize
 * first (`winNoStr` of a VN result), so they are cut by the official table's counts; null when the
 * count does not fit the table (the draw is then shown as balls only).
 */
export function prizeTiersOf(
  family: VietnamFamily,
  winNoStr: readonly string[],
): { tier: string; numbers: string[] }[] | null {
  const table = VIETNAM_PRIZE_TABLES[family];
  if (winNoStr.length !== table.reduce((sum, { count }) => sum + count, 0)) return null;
  let at = 0;
  return table.map(({ tier, count }) => {
    const numbers = winNoStr.slice(at, at + count);
    at += count;
    return { tier, numbers };
  });
}

/** The full prize table of a Vietnamese draw, Giải Đặc Biệt down to the last tier. */
export function VnPrizeTable({
  family,
  numero,
  winNoStr,
}: {
  family: VietnamFamily;
  numero: string;
  winNoStr: readonly string[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const tiers = prizeTiersOf(family, winNoStr);
  if (!tiers) return null;
  return (
    <section className="lottery-prizes" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="lottery-draw__title">
        {t('lottery_vn_prize_table', { numero })}
      </h3>
      <table className="lottery-prizes__table">
        <tbody>
          {tiers.map(({ tier, numbers }) => (
            <tr
              key={tier}
              className={tier === 'DB' ? 'lottery-prizes__row lottery-prizes__row--special' : 'lottery-prizes__row'}
            >
              <th scope="row" className="lottery-prizes__tier">
                {t(`lottery_vn_tier_${tier}`)}
              </th>
              <td className="lottery-prizes__numbers">
                {numbers.map((number, index) => (
                  <span key={index} className="lottery-prizes__number">
                    {number}
                  </span>
                ))}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
