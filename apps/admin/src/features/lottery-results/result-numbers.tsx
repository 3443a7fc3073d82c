import type { OfficialLotteryResult } from '@lotus/contract';
import { useTranslation } from 'react-i18next';
import { resultParts } from './result-inputs';

/** A result as its parts and numbers (`First prize 123456 · Front 3 123 456 …`). */
export function ResultNumbers({ result }: { result: OfficialLotteryResult }) {
  const { t } = useTranslation();
  return (
    <span className="results-numbers">
      {resultParts(result).map(({ part, numbers }) => (
        <span key={part} className="results-numbers-part">
          <span className="muted">{t(`lottery_results_part_${part}`)}</span>{' '}
          <strong className="lottery-number">{numbers.join(' ')}</strong>
        </span>
      ))}
    </span>
  );
}
