import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { verifyDraw, type DrawToVerify } from '../verify-draw';
import { ResultBalls } from './result-balls';

/**
 * A drawn result checked in the browser: the seeds as published, the result recomputed from them with
 * packages/fair (the code the house draws with), and whether it and the commitment hold.
 */
export function DrawVerify({ draw }: { draw: DrawToVerify }) {
  const { t } = useTranslation();
  const id = useId();
  const verification = verifyDraw(draw);
  return (
    <section className="lottery-verify" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`} className="lottery-verify__title">
        {t('lottery_verify_title')}
      </h4>
      <dl className="lottery-verify__seeds">
        <dt>{t('lottery_server_seed_hash')}</dt>
        <dd>
          <code>{draw.serverSeedHash ?? t('lottery_not_published')}</code>
        </dd>
        <dt>{t('lottery_server_seed')}</dt>
        <dd>
          <code>{draw.serverSeed ?? t('lottery_seed_secret')}</code>
        </dd>
        <dt>{t('lottery_client_seed')}</dt>
        <dd>
          <code>{draw.clientSeed ?? t('lottery_not_published')}</code>
        </dd>
        <dt>{t('lottery_nonce')}</dt>
        <dd>
          <code>0</code>
        </dd>
      </dl>
      {verification.isVerifiable ? (
        <>
          <div className="lottery-verify__recomputed">
            <span className="lottery-verify__label">{t('lottery_recomputed')}</span>
            <ResultBalls family={draw.family} winNoStr={verification.recomputed} />
          </div>
          <ul className="lottery-verify__verdicts">
            <Verdict isOk={verification.isCommitmentKept}>
              {t(verification.isCommitmentKept ? 'lottery_hash_matches' : 'lottery_hash_mismatch')}
            </Verdict>
            <Verdict isOk={verification.isResultMatch}>
              {t(verification.isResultMatch ? 'lottery_result_matches' : 'lottery_result_mismatch')}
            </Verdict>
          </ul>
          <p className="lottery-note">{t('lottery_verify_how')}</p>
        </>
      ) : (
        <p className="lottery-note">{t('lottery_verify_unavailable')}</p>
      )}
    </section>
  );
}

function Verdict({ isOk, children }: { isOk: boolean; children: string }) {
  return (
    <li className={`lottery-verdict lottery-verdict--${isOk ? 'ok' : 'bad'}`}>
      <span aria-hidden="true">{isOk ? '✓' : '✗'}</span> {children}
    </li>
  );
}
