import {
  promotionGrantMaxUsernames,
  type AdminPromotionClaim,
  type AdminPromotionRow,
  type PromotionClaimStatus,
} from '@lotus/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, DateTime, ErrorNote, Field, Money, PageHeader, Panel } from '../../components/bits';
import { DataTable, type Column } from '../../components/data-table';
import { Dialog } from '../../components/dialog';
import { Pager } from '../../components/pager';
import { ProofImage } from '../../components/proof-image';
import { showToast } from '../../components/toast';
import { queryClient } from '../../lib/query-client';
import { useMe } from '../auth/api';
import {
  grantPromotion,
  picturePath,
  promotionClaimsQuery,
  promotionKeys,
  promotionListQuery,
  promotionQuery,
  promotionsPageSize as pageSize,
  reviewApplication,
} from './api';
import { BonusCostPanel } from './bonus-cost-panel';
import { BonusRulesPanel } from './bonus-rules-panel';
import { PromotionEditor } from './promotion-editor';
import './promotions.css';

/** Usernames as typed or pasted: one a line, or separated by commas or spaces; repeats once. */
export function namesOf(text: string): string[] {
  return [...new Set(text.split(/[\s,]+/).filter(Boolean))];
}

/**
 * Promotions (`promotions.manage`): the list with claims and budget used, the editor with its card
 * preview, and the grant tool of ISSUED and MANUAL promotions; the approval queue of members'
 * applications with their pictures (`promotions.review`); the bonus cost report (`reports.read`).
 */
export function PromotionsPage() {
  const { t } = useTranslation();
  const { data: me } = useMe();
  const mayManage = me?.permissions.includes('promotions.manage') ?? false;
  const mayReview = me?.permissions.includes('promotions.review') ?? false;
  const mayReadReports = me?.permissions.includes('reports.read') ?? false;
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [granting, setGranting] = useState<AdminPromotionRow | null>(null);
  return (
    <>
      <PageHeader
        title={t('promotions_title')}
        subtitle={t('promotions_subtitle')}
        actions={
          mayManage && editing === null ? (
            <button type="button" className="button is-primary" onClick={() => setEditing('new')}>
              {t('promotions_new')}
            </button>
          ) : undefined
        }
      />
      {mayManage && editing !== null ? <EditorLoader id={editing} onDone={() => setEditing(null)} /> : null}
      {mayManage ? <PromotionList onEdit={setEditing} onGrant={setGranting} /> : null}
      {mayReview ? <ApprovalQueue /> : null}
      {mayReadReports && editing === null ? <BonusCostPanel /> : null}
      {mayManage && editing === null ? <BonusRulesPanel /> : null}
      {granting ? <GrantDialog promotion={granting} onClose={() => setGranting(null)} /> : null}
    </>
  );
}

function EditorLoader({ id, onDone }: { id: number | 'new'; onDone: () => void }) {
  const one = useQuery({ ...promotionQuery(id === 'new' ? 0 : id), enabled: id !== 'new' });
  if (id === 'new') return <PromotionEditor key="new" promotion={null} onDone={onDone} />;
  if (one.error) return <ErrorNote error={one.error} />;
  if (!one.data) return null;
  return <PromotionEditor key={`${one.data.id}-${one.data.version}`} promotion={one.data} onDone={onDone} />;
}

function stateOf(row: AdminPromotionRow, nowMs: number): 'running' | 'coming' | 'ended' | 'off' {
  if (!row.enabled) return 'off';
  if (row.endsAt !== null && row.endsAt <= nowMs) return 'ended';
  if (row.startsAt !== null && row.startsAt > nowMs) return 'coming';
  return 'running';
}

function PromotionList({
  onEdit,
  onGrant,
}: {
  onEdit: (id: number) => void;
  onGrant: (row: AdminPromotionRow) => void;
}) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useQuery(promotionListQuery(page));
  const [nowMs] = useState(() => Date.now());
  const columns: Column<AdminPromotionRow>[] = [
    {
      key: 'name',
      header: t('promotions_col_name'),
      className: 'is-wide',
      render: (row) => (
        <span className="cell-stack">
          <strong>{i18n.language === 'th' ? row.nameTh : row.nameEn}</strong>
          <span className="muted">{t(`promotions_kind_${row.kind}`)}</span>
        </span>
      ),
    },
    {
      key: 'state',
      header: t('promotions_col_state'),
      render: (row) => {
        const state = stateOf(row, nowMs);
        return (
          <Badge tone={state === 'running' ? 'good' : state === 'coming' ? 'info' : 'neutral'}>
            {t(`promotions_state_${state}`)}
          </Badge>
        );
      },
    },
    { key: 'from', header: t('promotions_col_from'), render: (row) => <DateTime value={row.startsAt} /> },
    { key: 'to', header: t('promotions_col_to'), render: (row) => <DateTime value={row.endsAt} /> },
    {
      key: 'claims',
      header: t('promotions_col_claims'),
      isNumeric: true,
      render: (row) => `${row.claimedCount}${row.maxClaimsTotal === null ? '' : ` / ${row.maxClaimsTotal}`}`,
    },
    {
      key: 'budget',
      header: t('promotions_col_budget'),
      isNumeric: true,
      render: (row) => (
        <span className="cell-stack">
          <Money amount={row.budgetUsed} />
          <span className="muted">{row.budget === null ? t('promotions_no_limit') : `/ ${row.budget}`}</span>
        </span>
      ),
    },
    {
      key: 'waiting',
      header: t('promotions_col_waiting'),
      isNumeric: true,
      render: (row) => t('promotions_waiting', { applying: row.applyingCount, issued: row.issuedCount }),
    },
    {
      key: 'actions',
      header: t('promotions_col_actions'),
      render: (row) => (
        <span className="row-actions">
          <button type="button" className="button is-small" onClick={() => onEdit(row.id)}>
            {t('promotions_edit')}
          </button>
          {row.kind === 'ISSUED' || row.kind === 'MANUAL' ? (
            <button type="button" className="button is-small is-ghost" onClick={() => onGrant(row)}>
              {t('promotions_grant')}
            </button>
          ) : null}
        </span>
      ),
    },
  ];
  return (
    <Panel title={t('promotions_list_title')}>
      <ErrorNote error={list.error} />
      <DataTable
        caption={t('promotions_list_title')}
        columns={columns}
        rows={list.data?.items}
        rowKey={(row) => String(row.id)}
        isLoading={list.isLoading}
        emptyText={t('promotions_empty')}
      />
      {list.data ? <Pager page={page} pageSize={pageSize} total={list.data.total} onPage={setPage} /> : null}
    </Panel>
  );
}

const queueStatuses: Array<PromotionClaimStatus> = ['applying', 'issued', 'claimed', 'rejected', 'expired'];

/** The members' applications (and every other reward by status), each decided once. */
function ApprovalQueue() {
  const { t, i18n } = useTranslation();
  const [status, setStatus] = useState<PromotionClaimStatus>('applying');
  const [page, setPage] = useState(1);
  const claims = useQuery(promotionClaimsQuery(status, page));
  const [deciding, setDeciding] = useState<{ claim: AdminPromotionClaim; decision: 'approve' | 'reject' } | null>(null);
  const columns: Column<AdminPromotionClaim>[] = [
    { key: 'time', header: t('promotions_col_time'), render: (row) => <DateTime value={row.createdAt} /> },
    { key: 'member', header: t('promotions_col_member'), render: (row) => row.username },
    {
      key: 'promotion',
      header: t('promotions_col_name'),
      render: (row) => (i18n.language === 'th' ? row.promotionNameTh : row.promotionNameEn),
    },
    {
      key: 'remarks',
      header: t('promotions_col_remarks'),
      className: 'is-wide',
      render: (row) => (
        <span className="cell-stack">
          <span>{row.remarks ?? '—'}</span>
          {row.pictureIds.length > 0 ? (
            <span className="promotion-pictures">
              {row.pictureIds.map((pictureId) => (
                <ProofImage
                  key={pictureId}
                  path={picturePath(pictureId)}
                  query={{}}
                  alt={t('promotions_picture_alt', { username: row.username })}
                />
              ))}
            </span>
          ) : null}
          {row.reviewRemark ? <span className="muted">{row.reviewRemark}</span> : null}
        </span>
      ),
    },
    {
      key: 'amount',
      header: t('promotions_col_amount'),
      isNumeric: true,
      render: (row) => (row.amount === null ? '—' : <Money amount={row.amount} />),
    },
    {
      key: 'actions',
      header: t('promotions_col_actions'),
      render: (row) =>
        row.status === 'applying' ? (
          <span className="row-actions">
            <button
              type="button"
              className="button is-small is-primary"
              onClick={() => setDeciding({ claim: row, decision: 'approve' })}
            >
              {t('promotions_approve')}
            </button>
            <button
              type="button"
              className="button is-small is-danger"
              onClick={() => setDeciding({ claim: row, decision: 'reject' })}
            >
              {t('promotions_reject')}
            </button>
          </span>
        ) : (
          <Badge>{t(`promotions_status_${row.status}`)}</Badge>
        ),
    },
  ];
  return (
    <Panel
      title={t('promotions_queue_title')}
      actions={
        <select
          className="promotion-status-select"
          aria-label={t('promotions_col_status')}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as PromotionClaimStatus);
            setPage(1);
          }}
        >
          {queueStatuses.map((option) => (
            <option key={option} value={option}>
              {t(`promotions_status_${option}`)}
            </option>
          ))}
        </select>
      }
    >
      <ErrorNote error={claims.error} />
      <DataTable
        caption={t('promotions_queue_title')}
        columns={columns}
        rows={claims.data?.items}
        rowKey={(row) => String(row.id)}
        isLoading={claims.isLoading}
        emptyText={t('promotions_queue_empty')}
      />
      {claims.data ? <Pager page={page} pageSize={pageSize} total={claims.data.total} onPage={setPage} /> : null}
      {deciding ? <ReviewDialog {...deciding} onClose={() => setDeciding(null)} /> : null}
    </Panel>
  );
}

function ReviewDialog({
  claim,
  decision,
  onClose,
}: {
  claim: AdminPromotionClaim;
  decision: 'approve' | 'reject';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState('');
  const [remark, setRemark] = useState('');
  const review = useMutation({
    mutationFn: () =>
      reviewApplication(claim.id, { decision, amount: amount.trim() || null, remark: remark.trim() || null }),
    onSuccess: async () => {
      showToast(t(decision === 'approve' ? 'promotions_approved_toast' : 'promotions_rejected_toast'));
      await queryClient.invalidateQueries({ queryKey: promotionKeys.all });
      onClose();
    },
  });
  return (
    <Dialog
      title={t(decision === 'approve' ? 'promotions_approve_title' : 'promotions_reject_title', {
        username: claim.username,
      })}
      isOpen
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button is-ghost" onClick={onClose}>
            {t('promotions_cancel')}
          </button>
          <button
            type="button"
            className={decision === 'approve' ? 'button is-primary' : 'button is-danger'}
            disabled={review.isPending}
            onClick={() => review.mutate()}
          >
            {t(decision === 'approve' ? 'promotions_approve' : 'promotions_reject')}
          </button>
        </>
      }
    >
      {decision === 'approve' ? (
        <Field
          label={t('promotions_field_bonusAmount')}
          htmlFor="review-amount"
          hint={t('promotions_review_amount_hint')}
        >
          <input
            id="review-amount"
            inputMode="decimal"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
          />
        </Field>
      ) : null}
      <Field
        label={t('promotions_review_remark')}
        htmlFor="review-remark"
        hint={decision === 'reject' ? t('promotions_review_remark_hint') : undefined}
      >
        <textarea id="review-remark" rows={3} value={remark} onChange={(event) => setRemark(event.target.value)} />
      </Field>
      <ErrorNote error={review.error} />
    </Dialog>
  );
}

/** The grant tool: paste or upload usernames; each gets the reward to claim. */
function GrantDialog({ promotion, onClose }: { promotion: AdminPromotionRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [audience, setAudience] = useState<'listed' | 'all' | 'agents' | 'members'>('listed');
  const [names, setNames] = useState('');
  const [amount, setAmount] = useState('');
  const [grantId] = useState(() => crypto.randomUUID());
  const usernames = namesOf(names);
  const grant = useMutation({
    mutationFn: () =>
      grantPromotion(promotion.id, {
        grantId,
        audience,
        ...(audience === 'listed' ? { usernames } : {}),
        amount: amount.trim() || null,
      }),
    onSuccess: async (result) => {
      showToast(t('promotions_granted_toast', { issued: result.issued, skipped: result.skipped }));
      await queryClient.invalidateQueries({ queryKey: promotionKeys.all });
      onClose();
    },
  });
  return (
    <Dialog
      title={t('promotions_grant_title', { name: i18n.language === 'th' ? promotion.nameTh : promotion.nameEn })}
      isOpen
      onClose={onClose}
      footer={
        <>
          <button type="button" className="button is-ghost" onClick={onClose}>
            {t('promotions_cancel')}
          </button>
          <button
            type="button"
            className="button is-primary"
            disabled={
              grant.isPending ||
              (audience === 'listed' && (usernames.length === 0 || usernames.length > promotionGrantMaxUsernames))
            }
            onClick={() => grant.mutate()}
          >
            {audience === 'listed'
              ? t('promotions_grant_send', { count: usernames.length })
              : t('promotions_grant_segment_send')}
          </button>
        </>
      }
    >
      <Field label={t('promotions_grant_audience')} htmlFor="grant-audience">
        <select
          id="grant-audience"
          value={audience}
          onChange={(event) => setAudience(event.target.value as typeof audience)}
        >
          {(['listed', 'all', 'agents', 'members'] as const).map((option) => (
            <option key={option} value={option}>
              {t(`promotions_grant_audience_${option}`)}
            </option>
          ))}
        </select>
      </Field>
      {audience === 'listed' ? (
        <>
          <Field
            label={t('promotions_grant_usernames')}
            htmlFor="grant-usernames"
            hint={t('promotions_grant_hint', { max: promotionGrantMaxUsernames })}
          >
            <textarea id="grant-usernames" rows={5} value={names} onChange={(event) => setNames(event.target.value)} />
          </Field>
          <Field label={t('promotions_grant_file')} htmlFor="grant-file">
            <input
              id="grant-file"
              type="file"
              accept=".txt,.csv,text/plain,text/csv"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void file.text().then((content) => setNames((before) => `${before}\n${content}`.trim()));
              }}
            />
          </Field>
        </>
      ) : null}
      <Field label={t('promotions_field_bonusAmount')} htmlFor="grant-amount" hint={t('promotions_grant_amount_hint')}>
        <input
          id="grant-amount"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </Field>
      <ErrorNote error={grant.error} />
    </Dialog>
  );
}
