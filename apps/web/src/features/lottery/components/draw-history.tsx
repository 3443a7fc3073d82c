import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination';
import { useDrawHistory } from '../api/lottery';
import { formatDrawTime } from '../draw-time';
import { DrawVerify } from './draw-verify';
import { ResultBalls } from './result-balls';

const pageSize = 10;

/** A game's results, newest first, a page at a time; each row opens its verify view below it. */
export function DrawHistory({ gameCode }: { gameCode: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [pageNo, setPageNo] = useState(1);
  const [openNumero, setOpenNumero] = useState<string | null>(null);
  const history = useDrawHistory(gameCode, pageNo, pageSize);
  return (
    <section className="lottery-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="lottery-section__title">
        {t('lottery_history')}
      </h3>
      {history.isPending ? (
        <p className="lottery-note">{t('lottery_loading')}</p>
      ) : history.isError ? (
        <p className="lottery-note" role="alert">
          {t('lottery_load_failed')}{' '}
          <button type="button" className="lottery-link-button" onClick={() => void history.refetch()}>
            {t('lottery_retry')}
          </button>
        </p>
      ) : history.data.list.length === 0 ? (
        <p className="lottery-note">{t('lottery_no_results')}</p>
      ) : (
        <>
          <table className="lottery-history">
            <thead>
              <tr>
                <th scope="col">{t('lottery_numero')}</th>
                <th scope="col">{t('lottery_result')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('lottery_verify')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {history.data.list.flatMap((draw) => {
                const isOpen = openNumero === draw.numero;
                const verifyId = `${id}-verify-${draw.numero}`;
                const rows = [
                  <tr key={draw.numero}>
                    <td>
                      <span className="lottery-history__numero">{draw.numero}</span>
                      <span className="lottery-history__time">{formatDrawTime(draw.drawTime)}</span>
                    </td>
                    <td>
                      <ResultBalls family={draw.family} winNoStr={draw.winNoStr} />
                    </td>
                    <td className="lottery-history__action">
                      <button
                        type="button"
                        className="lottery-link-button"
                        aria-expanded={isOpen}
                        aria-controls={isOpen ? verifyId : undefined}
                        aria-label={t('lottery_verify_numero', { numero: draw.numero })}
                        onClick={() => setOpenNumero(isOpen ? null : draw.numero)}
                      >
                        {t('lottery_verify')}
                      </button>
                    </td>
                  </tr>,
                ];
                if (isOpen)
                  rows.push(
                    <tr key={`${draw.numero}-verify`} id={verifyId}>
                      <td colSpan={3}>
                        <DrawVerify draw={draw} />
                      </td>
                    </tr>,
                  );
                return rows;
              })}
            </tbody>
          </table>
          <Pagination
            currentPage={pageNo}
            pageCount={Math.ceil(history.data.totalCount / pageSize)}
            onPageChange={(page) => {
              setPageNo(page);
              setOpenNumero(null);
            }}
          />
        </>
      )}
    </section>
  );
}
