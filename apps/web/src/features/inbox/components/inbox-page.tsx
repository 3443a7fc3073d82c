import '../../money/money.css';
import '../inbox.css';
import type { InboxMail } from '@lotus/contract';
import { useMutation } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../components/pagination';
import { formatDateTime } from '../../../lib/format';
import { ErrorBlock, LoadingBlock, messageOf, QueryStates } from '../../money/components/money-ui';
import { loadMoneyCatalogue } from '../../money/money-catalogue';
import { useInboxActions, useInboxMail, useInboxPage } from '../api/inbox';
import { loadInboxCatalogue } from '../inbox-catalogue';

// Its own texts, and the money pages' (the loading, error and empty states are theirs).
await Promise.all([loadInboxCatalogue(), loadMoneyCatalogue()]);

const pageSize = 10;
/** The periods offered; the original's page reads the last 30 days. */
const rangeDays = [7, 30, 90, 365] as const;
type RangeDays = (typeof rangeDays)[number];
const dayMs = 86_400_000;

/** Who wrote it, in the member's words: the merchant, a system notice, or the agent by name. */
function senderOf(mail: InboxMail, t: TFunction): string {
  if (mail.sendType === 'agent') return t('inbox_sender_agent', { name: mail.senderName });
  return t(mail.sendType === 'system' ? 'inbox_sender_system' : 'inbox_sender_merchant');
}

/**
 * The member centre's messageV2 (spec §2; the original's inbox): the member's messages of a period,
 * newest first, ten a page; select some (or the whole page) to mark them read or delete them, mark all
 * read, or open one, which marks it read. New messages appear by themselves: the balance stream's
 * unread count refreshes the list.
 */
export function InboxPage() {
  const [openId, setOpenId] = useState<number | null>(null);
  const [days, setDays] = useState<RangeDays>(30);
  const [pageNo, setPageNo] = useState(1);
  // The period starts from when it was chosen, so paging does not shift under the member.
  const [startTime, setStartTime] = useState(() => Date.now() - 30 * dayMs);
  const chooseDays = (next: RangeDays) => {
    setDays(next);
    setStartTime(Date.now() - next * dayMs);
    setPageNo(1);
  };
  return openId === null ? (
    <InboxList
      days={days}
      onDaysChange={chooseDays}
      startTime={startTime}
      pageNo={pageNo}
      onPageChange={setPageNo}
      onOpen={setOpenId}
    />
  ) : (
    <InboxMailView inboxId={openId} onBack={() => setOpenId(null)} />
  );
}

function InboxList({
  days,
  onDaysChange,
  startTime,
  pageNo,
  onPageChange,
  onOpen,
}: {
  days: RangeDays;
  onDaysChange: (days: RangeDays) => void;
  startTime: number;
  pageNo: number;
  onPageChange: (page: number) => void;
  onOpen: (inboxId: number) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const inbox = useInboxPage({ startTime, page: pageNo, size: pageSize });
  const actions = useInboxActions();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [isConfirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const onPage = inbox.data?.content ?? [];
  // What is selected and still on the page (a message read or deleted elsewhere drops out).
  const chosen = onPage.filter((mail) => selected.has(mail.inboxId)).map((mail) => mail.inboxId);
  const clear = () => {
    setSelected(new Set());
    setConfirming(false);
  };
  const markRead = useMutation({
    mutationFn: actions.markRead,
    onSuccess: () => {
      clear();
      setDone(t('inbox_marked_read'));
    },
  });
  const markAll = useMutation({ mutationFn: actions.markAllRead, onSuccess: () => setDone(t('inbox_marked_read')) });
  const remove = useMutation({
    mutationFn: actions.remove,
    onSuccess: () => {
      clear();
      setDone(t('inbox_deleted'));
    },
  });
  const failure = [markRead, markAll, remove].find((mutation) => mutation.isError)?.error;
  const isBusy = markRead.isPending || markAll.isPending || remove.isPending;
  const toggle = (inboxId: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(inboxId)) next.add(inboxId);
      return next;
    });
  const isAllChosen = onPage.length > 0 && chosen.length === onPage.length;

  return (
    <div className="inbox-page">
      <div className="money-filters inbox-toolbar">
        <label className="money-filter" htmlFor={`${id}-range`}>
          <span className="money-filter__label">{t('inbox_range_label')}</span>
          <select
            id={`${id}-range`}
            className="auth-field__input money-filter__input"
            value={days}
            onChange={(event) => {
              clear();
              onDaysChange(Number(event.target.value) as RangeDays);
            }}
          >
            {rangeDays.map((option) => (
              <option key={option} value={option}>
                {t(`inbox_range_${option}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="inbox-toolbar__end">
          {inbox.data ? (
            <span className="inbox-toolbar__unread">{t('inbox_unread_count', { count: inbox.data.unreadCount })}</span>
          ) : null}
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={isBusy || !inbox.data?.unreadCount}
            onClick={() => {
              setDone(null);
              markAll.mutate();
            }}
          >
            {t('inbox_mark_all_read')}
          </button>
        </div>
      </div>

      {onPage.length > 0 ? (
        <div className="inbox-actions" role="group" aria-label={t('inbox_selected', { count: chosen.length })}>
          <label className="inbox-actions__all">
            <input
              type="checkbox"
              checked={isAllChosen}
              onChange={() => setSelected(isAllChosen ? new Set() : new Set(onPage.map((mail) => mail.inboxId)))}
            />
            <span>{t('inbox_select_all')}</span>
          </label>
          <span className="inbox-actions__count">{t('inbox_selected', { count: chosen.length })}</span>
          <div className="inbox-actions__buttons">
            <button
              type="button"
              className="button button--ghost button--small"
              disabled={isBusy || chosen.length === 0}
              onClick={() => {
                setDone(null);
                markRead.mutate(chosen);
              }}
            >
              {t('inbox_mark_read')}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={isBusy || chosen.length === 0}
              onClick={() => {
                setDone(null);
                setConfirming(true);
              }}
            >
              {t('inbox_delete')}
            </button>
          </div>
        </div>
      ) : null}

      {isConfirming && chosen.length > 0 ? (
        <div className="inbox-confirm" role="alertdialog" aria-labelledby={`${id}-confirm`}>
          <p id={`${id}-confirm`}>{t('inbox_delete_confirm', { count: chosen.length })}</p>
          <div className="inbox-confirm__buttons">
            <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(false)}>
              {t('inbox_cancel')}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={isBusy}
              onClick={() => remove.mutate(chosen)}
            >
              {t('inbox_delete')}
            </button>
          </div>
        </div>
      ) : null}
      {failure ? (
        <p className="auth-field__error" role="alert">
          {messageOf(failure, t('error_network'))}
        </p>
      ) : null}
      {done ? (
        <p className="inbox-done" role="status">
          {done}
        </p>
      ) : null}

      <QueryStates query={inbox} empty={t('inbox_empty')}>
        {(data) => (
          <>
            <ul className="inbox-list" aria-label={t('inbox_list_label')} aria-busy={inbox.isFetching}>
              {data.content.map((mail) => (
                <li key={mail.inboxId} className={`inbox-item${mail.read ? '' : ' inbox-item--unread'}`}>
                  <input
                    type="checkbox"
                    className="inbox-item__check"
                    checked={selected.has(mail.inboxId)}
                    onChange={() => toggle(mail.inboxId)}
                    aria-label={t('inbox_select_message', { subject: mail.subject })}
                  />
                  <button type="button" className="inbox-item__open" onClick={() => onOpen(mail.inboxId)}>
                    <span className="inbox-item__head">
                      {mail.read ? null : (
                        <span className="inbox-item__dot">
                          <span className="visually-hidden">{t('inbox_unread')}</span>
                        </span>
                      )}
                      <span className="inbox-item__subject">{mail.subject}</span>
                    </span>
                    <span className="inbox-item__meta">
                      <span>{senderOf(mail, t)}</span>
                      <time dateTime={new Date(mail.sendTime).toISOString()}>{formatDateTime(mail.sendTime)}</time>
                    </span>
                    <span className="inbox-item__preview">{mail.content}</span>
                  </button>
                </li>
              ))}
            </ul>
            <Pagination currentPage={pageNo} pageCount={data.totalPages} onPageChange={onPageChange} />
          </>
        )}
      </QueryStates>
    </div>
  );
}

/** One message; opening it marks it read (once), as the original's page did with markMailAsRead. */
function InboxMailView({ inboxId, onBack }: { inboxId: number; onBack: () => void }) {
  const { t } = useTranslation();
  const mail = useInboxMail(inboxId);
  const actions = useInboxActions();
  const [isConfirming, setConfirming] = useState(false);
  const hasMarked = useRef(false);
  const markRead = useMutation({ mutationFn: actions.markRead });
  const remove = useMutation({ mutationFn: actions.remove, onSuccess: onBack });
  useEffect(() => {
    if (mail.data && !mail.data.read && !hasMarked.current) {
      hasMarked.current = true;
      markRead.mutate([inboxId]);
    }
  }, [mail.data, inboxId, markRead]);

  const back = (
    <button type="button" className="button button--ghost button--small inbox-mail__back" onClick={onBack}>
      {t('inbox_back')}
    </button>
  );
  if (mail.isPending) return <LoadingBlock />;
  if (mail.isError)
    return (
      <div className="inbox-page">
        {back}
        <ErrorBlock error={mail.error} onRetry={() => void mail.refetch()} />
      </div>
    );
  const data = mail.data;
  return (
    <article className="inbox-page inbox-mail" aria-labelledby={`inbox-mail-${inboxId}`}>
      {back}
      <h4 id={`inbox-mail-${inboxId}`} className="inbox-mail__subject">
        {data.subject}
      </h4>
      <p className="inbox-item__meta">
        <span>{senderOf(data, t)}</span>
        <time dateTime={new Date(data.sendTime).toISOString()}>{formatDateTime(data.sendTime)}</time>
      </p>
      <p className="inbox-mail__content">{data.content}</p>
      {remove.isError ? (
        <p className="auth-field__error" role="alert">
          {messageOf(remove.error, t('error_network'))}
        </p>
      ) : null}
      {isConfirming ? (
        <div className="inbox-confirm" role="alertdialog" aria-labelledby={`inbox-mail-${inboxId}-confirm`}>
          <p id={`inbox-mail-${inboxId}-confirm`}>{t('inbox_delete_one_confirm')}</p>
          <div className="inbox-confirm__buttons">
            <button type="button" className="button button--ghost button--small" onClick={() => setConfirming(false)}>
              {t('inbox_cancel')}
            </button>
            <button
              type="button"
              className="button button--secondary button--small"
              disabled={remove.isPending}
              onClick={() => remove.mutate([inboxId])}
            >
              {t('inbox_delete')}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button--secondary button--small inbox-mail__delete"
          onClick={() => setConfirming(true)}
        >
          {t('inbox_delete')}
        </button>
      )}
    </article>
  );
}
