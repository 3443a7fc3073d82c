import { affiliateValidTypes, type AffiliateLink, type AffiliateValidType } from '@lotus/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { affiliateLinksKey, affiliateLinksQuery, affiliateUrl, createAffiliateLink, removeAffiliateLink } from './api';
import { QrCode, saveQrCodePng } from './qr-code';

/**
 * Link registration (original registerCenter "link"): the agent's links with code, channel, expiry,
 * status and registrations; copy a link or show its QR code (to scan from the screen or save as a
 * picture); create one (expiry none / 1 / 7 / 30 days / 1 year, a channel, an own code or a generated
 * one); delete one (its code registers no one any more).
 */
export function AffiliateLinksPage() {
  const { t } = useTranslation();
  const links = useQuery(affiliateLinksQuery());
  return (
    <div className="affiliate-links">
      <CreateLinkForm />
      {links.error ? <p className="agent-form__error">{(links.error as Error).message}</p> : null}
      {links.data && links.data.content.length === 0 ? (
        <p className="agent-form__hint">{t('agents_links_none')}</p>
      ) : null}
      <ul className="affiliate-links__list" aria-label={t('agents_links_list')}>
        {(links.data?.content ?? []).map((link) => (
          <LinkCard key={link.id} link={link} />
        ))}
      </ul>
    </div>
  );
}

function CreateLinkForm() {
  const { t } = useTranslation();
  const id = useId();
  const [validType, setValidType] = useState<AffiliateValidType>(1);
  const [channel, setChannel] = useState('');
  const [code, setCode] = useState('');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () =>
      createAffiliateLink({
        validType,
        channel: channel.trim(),
        ...(code.trim() ? { affiliateCode: code.trim() } : {}),
      }),
    onSuccess: async () => {
      setChannel('');
      setCode('');
      await queryClient.invalidateQueries({ queryKey: affiliateLinksKey });
    },
  });
  const error = mutation.error instanceof ApiError ? mutation.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <form className="agent-form agent-form--inline" onSubmit={submit} noValidate>
      <div className="agent-form__field">
        <label htmlFor={`${id}-valid`}>{t('agents_links_valid')}</label>
        <select
          id={`${id}-valid`}
          value={validType}
          onChange={(event) => setValidType(Number(event.target.value) as AffiliateValidType)}
        >
          {affiliateValidTypes.map((value) => (
            <option key={value} value={value}>
              {t(`agents_links_valid_${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="agent-form__field">
        <label htmlFor={`${id}-channel`}>{t('agents_links_channel')}</label>
        <input
          id={`${id}-channel`}
          maxLength={32}
          placeholder={t('agents_links_channel_placeholder')}
          value={channel}
          onChange={(event) => setChannel(event.target.value)}
        />
      </div>
      <div className="agent-form__field">
        <label htmlFor={`${id}-code`}>{t('agents_links_code')}</label>
        <input
          id={`${id}-code`}
          maxLength={16}
          placeholder={t('agents_links_code_placeholder')}
          value={code}
          aria-invalid={error?.field === 'affiliateCode'}
          onChange={(event) => setCode(event.target.value)}
        />
      </div>
      {error ? (
        <p className="agent-form__error">
          {error.field === 'affiliateCode' && error.errorCode === 'validation.failed'
            ? t('agents_links_code_rule')
            : error.message}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={mutation.isPending}>
        {t('agents_links_create')}
      </button>
    </form>
  );
}

function LinkCard({ link }: { link: AffiliateLink }) {
  const { t, i18n } = useTranslation();
  const [copied, setCopied] = useState(false);
  const [isQrShown, setQrShown] = useState(false);
  const qrId = useId();
  const url = affiliateUrl(link.affiliateCode, link.domain);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => removeAffiliateLink(link.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: affiliateLinksKey }),
  });
  const date = (ms: number) =>
    new Intl.DateTimeFormat(i18n.language === 'TH' ? 'th-TH' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
    }).format(ms);
  const copy = async () => {
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  };
  return (
    <li className="affiliate-link" data-testid="affiliate-link">
      <div className="affiliate-link__head">
        <strong className="affiliate-link__code">{link.affiliateCode}</strong>
        <span className={`affiliate-link__status affiliate-link__status--${link.status}`}>
          {t(`agents_links_status_${link.status}`)}
        </span>
      </div>
      <dl className="affiliate-link__facts">
        <dt>{t('agents_links_channel')}</dt>
        <dd>{link.channel || '–'}</dd>
        <dt>{t('agents_links_expires')}</dt>
        <dd>{link.expireTime === null ? t('agents_links_valid_1') : date(link.expireTime)}</dd>
        <dt>{t('agents_links_registrations')}</dt>
        <dd data-testid="affiliate-link-count">{link.registerCount}</dd>
      </dl>
      <p className="affiliate-link__url">
        <code>{url}</code>
      </p>
      <div className="affiliate-link__actions">
        <button type="button" className="button" onClick={() => void copy()}>
          {copied ? t('agents_links_copied') : t('agents_links_copy')}
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={isQrShown}
          aria-controls={qrId}
          onClick={() => setQrShown(!isQrShown)}
        >
          {t('agents_links_qr')}
        </button>
        <button
          type="button"
          className="button"
          disabled={remove.isPending}
          onClick={() => {
            if (window.confirm(t('agents_links_delete_confirm', { code: link.affiliateCode }))) remove.mutate();
          }}
        >
          {t('agents_links_delete')}
        </button>
      </div>
      {isQrShown ? (
        <figure id={qrId} className="affiliate-link__qr">
          <QrCode text={url} label={t('agents_links_qr_label', { code: link.affiliateCode })} />
          <figcaption className="agent-form__hint">{t('agents_links_qr_hint')}</figcaption>
          <button type="button" className="button" onClick={() => void saveQrCodePng(url, `qr-${link.affiliateCode}`)}>
            {t('agents_links_qr_save')}
          </button>
        </figure>
      ) : null}
    </li>
  );
}
