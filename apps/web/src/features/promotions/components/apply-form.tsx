import { promotionRemarksMaxLength, type PromotionCard } from '@lotus/contract';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../money/components/money-ui';
import { useSignUpRequestReward, useUploadRewardPicture } from '../api/promotions';
import { checkRewardPicture, promotionPicturesMax } from '../picture-rules';

/**
 * A MANUAL promotion's application (MCSFE_signUpRequestReward): up to 5 pictures, each checked as the
 * server checks it and uploaded when chosen, and remarks; required ones as the promotion says.
 */
export function ApplyForm({ card, onApplied }: { card: PromotionCard; onApplied: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const upload = useUploadRewardPicture();
  const apply = useSignUpRequestReward();
  const [pictures, setPictures] = useState<{ pictureId: number; name: string }[]>([]);
  const [remarks, setRemarks] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (files: FileList | null) => {
    setProblem(null);
    for (const file of Array.from(files ?? [])) {
      if (pictures.length >= promotionPicturesMax) {
        setProblem(t('promotions_picture_max', { count: promotionPicturesMax }));
        return;
      }
      const refusal = await checkRewardPicture(file);
      if (refusal) {
        setProblem(t(refusal));
        return;
      }
      try {
        const uploaded = await upload.mutateAsync(file);
        setPictures((current) => [...current, { pictureId: uploaded.pictureId, name: file.name }]);
      } catch (error) {
        setProblem(messageOf(error, t('error_network')));
        return;
      }
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (card.imageRequired && pictures.length === 0) return setProblem(t('promotions_pictures_required'));
    if (card.remarkRequired && !remarks.trim()) return setProblem(t('promotions_remarks_required'));
    // Before the call: the detail reads "applying" again before this call's own callbacks would run.
    onApplied();
    apply.mutate({
      promotionId: card.promotionId,
      pictures: pictures.map((item) => item.pictureId),
      remarks: remarks.trim(),
    });
  };

  if (apply.isSuccess) return <p className="promotion-apply__done">{t('promotions_applied')}</p>;
  return (
    <form id="apply" className="promotion-apply" onSubmit={submit} noValidate>
      <h2 className="promotion-apply__title">{t('promotions_apply_title')}</h2>
      <label className="promotion-apply__field" htmlFor={`${id}-pictures`}>
        <span>
          {t('promotions_pictures', { count: promotionPicturesMax })}
          {card.imageRequired ? ' *' : ''}
        </span>
        <span className="button button--secondary button--small promotion-apply__choose">
          {t('promotions_picture_choose')}
        </span>
        <input
          id={`${id}-pictures`}
          className="visually-hidden"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          multiple
          disabled={upload.isPending || pictures.length >= promotionPicturesMax}
          onChange={(event) => {
            void choose(event.target.files);
            event.target.value = '';
          }}
        />
      </label>
      {pictures.length > 0 ? (
        <ul className="promotion-apply__pictures">
          {pictures.map((item) => (
            <li key={item.pictureId}>
              <span>{item.name}</span>
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => setPictures((current) => current.filter((other) => other.pictureId !== item.pictureId))}
              >
                {t('promotions_picture_remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <label className="promotion-apply__field" htmlFor={`${id}-remarks`}>
        <span>
          {t('promotions_remarks')}
          {card.remarkRequired ? ' *' : ''}
        </span>
        <textarea
          id={`${id}-remarks`}
          className="auth-field__input"
          rows={3}
          maxLength={promotionRemarksMaxLength}
          value={remarks}
          onChange={(event) => setRemarks(event.target.value)}
        />
      </label>
      {problem || apply.error ? (
        <p role="alert" className="promotion-action__error">
          {problem ?? messageOf(apply.error, t('error_network'))}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={apply.isPending || upload.isPending}>
        {t('promotions_apply_send')}
      </button>
    </form>
  );
}
