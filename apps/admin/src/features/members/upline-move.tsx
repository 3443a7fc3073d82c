import { moveUplineBodySchema, type AdminMemberRow } from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateTime, ErrorNote, Field, Panel } from '../../components/bits';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { showToast } from '../../components/toast';
import { queryClient } from '../../lib/query-client';
import { useCan } from '../auth/api';
import { memberKeys } from './api';
import { memberDeskKeys, memberProfileQuery, memberSearchQuery } from './desk-api';
import { moveUpline, uplineHistoryQuery } from './upline-api';

/**
 * The agent tree tab's upline part (issue 16): the member's direct uplines over time, and for an
 * operator with `members.manage` "Move to another upline": find the new upline by username (active
 * agents only), say why, confirm. The member's whole team moves along (server `moveUpline`).
 */

const agentTypes = new Set([1, 2, 41, 42]);

export function UplinePanel({ memberId }: { memberId: string }) {
  const { t } = useTranslation();
  const can = useCan();
  const username = useQuery(memberProfileQuery(memberId)).data?.member.username ?? '';
  const [isMoving, setMoving] = useState(false);
  const history = useQuery(uplineHistoryQuery(memberId));
  return (
    <Panel title={t('agents_upline_history')}>
      <ErrorNote error={history.error} />
      <ol className="upline-history member-panel-body" data-testid="upline-history">
        {(history.data?.items ?? []).map((item) => (
          <li key={`${item.validFrom}-${item.upline?.id ?? 'top'}`}>
            {item.upline ? (
              <Link to={`/members/${item.upline.id}`}>{item.upline.username}</Link>
            ) : (
              t('agents_upline_top')
            )}
            <span className="muted">
              {' · '}
              <DateTime value={Date.parse(item.validFrom)} />
              {' – '}
              {item.validTo === null ? t('agents_upline_now') : <DateTime value={Date.parse(item.validTo)} />}
            </span>
          </li>
        ))}
      </ol>
      {can('members.manage') ? (
        <div className="row-actions member-panel-body">
          <button type="button" className="button" onClick={() => setMoving(true)}>
            {t('agents_move_open')}
          </button>
        </div>
      ) : null}
      {isMoving ? <MoveDialog memberId={memberId} username={username} onClose={() => setMoving(false)} /> : null}
    </Panel>
  );
}

function MoveDialog({ memberId, username, onClose }: { memberId: string; username: string; onClose: () => void }) {
  const { t } = useTranslation();
  const searchId = useId();
  const reasonId = useId();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<AdminMemberRow | null>(null);
  const [reason, setReason] = useState('');
  const term = search.trim();
  const results = useQuery({ ...memberSearchQuery('username', term, 1), enabled: term.length >= 2 });
  const agents = (results.data?.items ?? []).filter(
    (row) => agentTypes.has(row.isAgent) && row.status === 'active' && row.id !== memberId,
  );
  const isReasonValid = moveUplineBodySchema.shape.reason.safeParse(reason).success;
  const mutation = useMutation({
    mutationFn: () => moveUpline(memberId, chosen!.id, reason.trim()),
    onSuccess: async (moved) => {
      showToast(t('agents_move_done', { username, upline: moved.after?.username ?? '', count: moved.movedMembers }));
      await queryClient.invalidateQueries({ queryKey: memberDeskKeys.all });
      await queryClient.invalidateQueries({ queryKey: memberKeys.all });
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title={t('agents_move_title', { username })}
      isOpen
      onCancel={onClose}
      onConfirm={() => mutation.mutate()}
      confirmLabel={t('agents_move_confirm')}
      tone="danger"
      isPending={mutation.isPending}
      isConfirmDisabled={chosen === null || !isReasonValid}
      error={mutation.error}
    >
      <p>{t('agents_move_text')}</p>
      <Field label={t('agents_move_search')} htmlFor={searchId} hint={t('agents_move_search_hint')}>
        <input
          id={searchId}
          type="search"
          autoComplete="off"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setChosen(null);
          }}
        />
      </Field>
      {term.length >= 2 ? (
        <fieldset className="upline-choices">
          <legend>{t('agents_move_choose')}</legend>
          {agents.length === 0 && !results.isFetching ? <p className="muted">{t('agents_move_none')}</p> : null}
          {agents.map((row) => (
            <label key={row.id} className="radio">
              <input
                type="radio"
                name="new-upline"
                value={row.id}
                checked={chosen?.id === row.id}
                onChange={() => setChosen(row)}
              />
              {row.username}
            </label>
          ))}
        </fieldset>
      ) : null}
      <Field label={t('members_reason')} htmlFor={reasonId} hint={t('members_reason_hint')}>
        <textarea
          id={reasonId}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Field>
      {chosen ? <p className="field-hint">{t('agents_move_summary', { username, upline: chosen.username })}</p> : null}
    </ConfirmDialog>
  );
}
