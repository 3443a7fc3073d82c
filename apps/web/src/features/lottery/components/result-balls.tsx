import { useTranslation } from 'react-i18next';

/**
 * A result as balls, in `winNoStr`'s order. FAST3D's two entries are the top three and the bottom two,
 * shown as two labelled groups; every other family one ball per entry.
 */
export function ResultBalls({ family, winNoStr }: { family: string; winNoStr: string[] }) {
  const { t } = useTranslation();
  if (family === 'FAST3D' && winNoStr.length === 2)
    return (
      <div className="lottery-balls lottery-balls--grouped">
        <BallRow label={t('lottery_top3')} balls={winNoStr[0]!.split('')} />
        <BallRow label={t('lottery_bottom2')} balls={winNoStr[1]!.split('')} />
      </div>
    );
  return (
    <div className="lottery-balls">
      <BallRow label={t('lottery_result')} balls={winNoStr} isLabelHidden isSmall={family === 'KENO'} />
    </div>
  );
}

function BallRow({
  label,
  balls,
  isLabelHidden = false,
  isSmall = false,
}: {
  label: string;
  balls: string[];
  isLabelHidden?: boolean;
  isSmall?: boolean;
}) {
  return (
    <div className="lottery-balls__row">
      {isLabelHidden ? null : <span className="lottery-balls__label">{label}</span>}
      <ol
        className={`lottery-balls__list${isSmall ? ' lottery-balls__list--small' : ''}`}
        aria-label={`${label}: ${balls.join(' ')}`}
      >
        {balls.map((ball, index) => (
          <li key={index} className="lottery-ball" aria-hidden="true">
            {ball}
          </li>
        ))}
      </ol>
    </div>
  );
}
